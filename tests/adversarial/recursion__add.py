# expect: exception RecursionError
class A:
    def __add__(self, other):
        return self + other

A() + 1
