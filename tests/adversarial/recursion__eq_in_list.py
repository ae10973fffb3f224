# expect: exception RecursionError
class A:
    def __eq__(self, other):
        return [self] == [other]

A() in [A()]
