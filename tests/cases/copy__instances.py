import copy
class Point:
    def __init__(self, x, y, tags):
        self.x = x
        self.y = y
        self.tags = tags
    def __repr__(self):
        return "Point(%r, %r, %r)" % (self.x, self.y, self.tags)
p = Point(1, 2, ["a"])
s = copy.copy(p)
d = copy.deepcopy(p)
print(s, d, type(d).__name__)
print(s.tags is p.tags, d.tags is p.tags)
p.tags.append("b")
print(s.tags, d.tags)
p.me = p
d2 = copy.deepcopy(p)
print(d2.me is d2, d2 is p)

class Hooked:
    def __init__(self, v):
        self.v = v
    def __copy__(self):
        return "copied %r" % self.v
    def __deepcopy__(self, memo):
        return Hooked(self.v * 2)
print(copy.copy(Hooked(3)))
print(copy.deepcopy(Hooked(3)).v)
h = Hooked(5)
both = copy.deepcopy([h, h])
print(both[0] is both[1], both[0].v)
