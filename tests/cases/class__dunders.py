class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)
    def __eq__(self, o):
        return isinstance(o, V) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __len__(self):
        return 2
    def __iter__(self):
        return iter([self.x, self.y])
    def __getitem__(self, i):
        return [self.x, self.y][i]
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def __repr__(self):
        return f"V({self.x}, {self.y})"
    def __bool__(self):
        return bool(self.x or self.y)
    def __contains__(self, v):
        return v in (self.x, self.y)
    def __call__(self, k):
        return self.x * k

a = V(1, 2) + V(3, 4)
print(a, a == V(4, 6), a != V(0, 0), len(a), list(a), a[1], {a: 1}[V(4, 6)])
print(sorted([V(2, 1), V(1, 5)]), bool(V(0, 0)), 6 in a, a(10), max(V(1, 1), V(0, 9)))
x, y = a
print(x, y)
