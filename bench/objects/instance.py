# An instance of a plain class with 4 attributes set in __init__, held in a
# list slot.
N = 200_000


class Point:
    def __init__(self, i):
        self.x = i
        self.y = i
        self.z = i
        self.w = i


xs = [None] * N
for i in range(N):
    xs[i] = Point(i)
print("checksum", len(xs), sum(p.w for p in xs))
