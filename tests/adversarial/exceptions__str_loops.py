# expect: limit time
# limits: timeout=2
class E(Exception):
    def __str__(self):
        while True:
            pass

raise E()
