# expect: exception RecursionError
class A:
    def __str__(self):
        return f"<{self}>"

str(A())
