# expect: limit time
# limits: timeout=2
class Spin:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        while True:
            pass

with Spin():
    pass
