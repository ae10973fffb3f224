# expect: exception RecursionError
class A:
    def __bool__(self):
        return not self

bool(A())
