# expect: limit time
# limits: timeout=2
class A:
    @property
    def x(self):
        while True:
            pass

A().x
