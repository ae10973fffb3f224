# expect: exception RecursionError
class A:
    def __getattr__(self, name):
        return self.missing

A().x
