# expect: exception RecursionError
class A:
    def __format__(self, spec):
        return format(self, spec)

format(A(), 'x')
