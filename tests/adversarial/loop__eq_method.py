# expect: limit time
# limits: timeout=2
class A:
    def __eq__(self, other):
        while True:
            pass

[1, 2, 3].index(A())
