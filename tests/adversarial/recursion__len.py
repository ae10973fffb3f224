# expect: exception RecursionError
class A:
    def __len__(self):
        return len(self)

len(A())
