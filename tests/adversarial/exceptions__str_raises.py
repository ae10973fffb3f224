# expect: exception ValueError
class E(Exception):
    def __str__(self):
        raise RuntimeError("no str")

raise ValueError("outer") from E()
