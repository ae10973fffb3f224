# expect: exception RecursionError
class A:
    def __repr__(self):
        return repr(self)

repr(A())
