class Ctx:
    def __init__(self, name, suppress=False):
        self.name, self.suppress = name, suppress
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None, ev)
        return self.suppress

with Ctx("a") as c, Ctx("b"):
    print("body", c.name)
with Ctx("s", True):
    raise ValueError("hidden")

def f():
    for i in range(3):
        with Ctx(str(i)):
            if i == 1:
                return i

print(f())
try:
    with Ctx("x"):
        1 / 0
except ZeroDivisionError as e:
    print("out:", e)
class EnterOnly:
    def __enter__(self):
        return self


with EnterOnly():
    pass
