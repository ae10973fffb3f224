from enum import Flag, IntFlag, auto


class Perm(Flag):
    READ = auto()
    WRITE = auto()
    EXECUTE = auto()


print(list(Perm), [p.value for p in Perm])
rw = Perm.READ | Perm.WRITE
print(rw, repr(rw), rw.name, rw.value)
print(Perm.READ in rw, Perm.EXECUTE in rw)
print(list(rw), len(rw), bool(rw))
print(rw & Perm.READ, repr(rw & Perm.EXECUTE), bool(rw & Perm.EXECUTE))
print(~Perm.READ, repr(~rw))
print(rw ^ Perm.READ)
print((Perm.READ | Perm.WRITE) is rw, rw == Perm.WRITE | Perm.READ)
print(Perm(3), Perm(0), repr(Perm(0)), Perm(7))
print(repr(Perm))
print(Perm.READ | Perm.WRITE | Perm.EXECUTE)


class Color(Flag):
    RED = 1
    GREEN = 2
    BLUE = 4
    WHITE = RED | GREEN | BLUE


print(list(Color), Color.WHITE, repr(Color.WHITE), list(Color.WHITE))
print(Color.RED | Color.GREEN | Color.BLUE is Color.WHITE)


class Mode(IntFlag):
    R = 4
    W = 2
    X = 1


print(Mode.R | Mode.W, repr(Mode.R | Mode.W), Mode.R | 1, repr(Mode.R | 8))
print(Mode.R == 4, Mode.R + 1, int(Mode.R | Mode.X), isinstance(Mode.R, int))
print(repr(~Mode.R), Mode(6), repr(Mode(0)))
print(Mode.W in (Mode.R | Mode.W), list(Mode.R | Mode.W | Mode.X))
print(f"{Mode.R | Mode.W}", f"{Mode.R}")

try:
    Perm(8)
except ValueError as e:
    print("ValueError", e)
try:
    Perm.READ | 1
except TypeError as e:
    print("TypeError", e)
