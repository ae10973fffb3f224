# expect: limit time
# limits: timeout=2
class A:
    def __hash__(self):
        while True:
            pass

{A(): 1}
