# expect: exception RecursionError
class A:
    def __repr__(self):
        return "A" + repr([self])

print(A())
