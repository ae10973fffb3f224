# expect: exception RecursionError
class A:
    def __hash__(self):
        return hash(self)

hash(A())
