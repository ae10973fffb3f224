import functools

@functools.total_ordering
class Version:
    def __init__(self, *parts):
        self.parts = parts
    def __eq__(self, other):
        return self.parts == other.parts
    def __lt__(self, other):
        return self.parts < other.parts
    def __repr__(self):
        return 'v' + '.'.join(map(str, self.parts))

a, b, c = Version(1, 2), Version(1, 10), Version(1, 2)
print(a < b, a <= b, a > b, a >= b, a == c, a <= c, a >= c, a != b)
print(sorted([b, a, Version(0, 9)]), max(a, b), min(a, b))

@functools.total_ordering
class Rev:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return self.v == other.v
    def __gt__(self, other):
        return self.v < other.v
    def __repr__(self):
        return f'Rev({self.v})'

print(Rev(1) > Rev(2), Rev(1) < Rev(2), Rev(1) >= Rev(1), Rev(3) <= Rev(2))
print(sorted([Rev(1), Rev(3), Rev(2)]))

@functools.total_ordering
class Le:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return self.v == other.v
    def __le__(self, other):
        return self.v <= other.v

print(Le(1) < Le(2), Le(2) < Le(2), Le(3) > Le(2), Le(2) >= Le(2))

@functools.total_ordering
class Ge:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return self.v == other.v
    def __ge__(self, other):
        return self.v >= other.v

print(Ge(1) < Ge(2), Ge(2) > Ge(2), Ge(3) > Ge(2), Ge(2) <= Ge(2))
try:
    @functools.total_ordering
    class Nothing:
        pass
except ValueError as e:
    print('ValueError:', e)
