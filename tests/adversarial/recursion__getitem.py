# expect: exception RecursionError
class A:
    def __getitem__(self, i):
        return self[i]

A()[0]
