# An instance of a plain class with 8 attributes: the row minus the
# 4-attribute instance's, over 4, is the cost of one instance attribute.
N = 200_000


class Point:
    def __init__(self, i):
        self.x = i
        self.y = i
        self.z = i
        self.w = i
        self.a = i
        self.b = i
        self.c = i
        self.d = i


xs = [None] * N
for i in range(N):
    xs[i] = Point(i)
print("checksum", len(xs), sum(p.d for p in xs))
