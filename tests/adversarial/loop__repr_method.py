# expect: limit time
# limits: timeout=2
class A:
    def __repr__(self):
        while True:
            pass

print(A())
