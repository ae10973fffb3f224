# expect: exception RecursionError
class A:
    def __iter__(self):
        return iter(self)

iter(A())
