# a key function that grows the list: ValueError, and the list holds the
# sorted items (what was appended meanwhile is dropped)
xs = [3, 2, 1]


def grow(v):
    xs.append(99)
    return v


try:
    xs.sort(key=grow)
except ValueError as exc:
    print(exc)
print(xs)

ys = [3, 1, 2]


def shrink(v):
    ys.clear()
    return v


ys.sort(key=shrink)
print(ys)

zs = [2, 1, 'a']
try:
    zs.sort()
except TypeError as exc:
    print(exc)
print(zs)
