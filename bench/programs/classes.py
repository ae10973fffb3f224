# Classes: instances, methods, attribute reads/writes, inheritance, super().
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def dot(self, other):
        return self.x * other.x + self.y * other.y


class Particle:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

    def step(self):
        self.pos = self.pos.add(self.vel)
        return self.pos.x


class Heavy(Particle):
    def step(self):
        super().step()
        return self.pos.x * 2


ps = [Particle(Vec(i, -i), Vec(1, 2)) if i % 2 else Heavy(Vec(i, i), Vec(2, 1)) for i in range(100)]
total = 0
for _ in range(4000):
    for p in ps:
        total += p.step()
total += sum(p.pos.dot(p.vel) for p in ps)
print("checksum", total)
