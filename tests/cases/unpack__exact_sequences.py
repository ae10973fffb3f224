# Unpacking lists and tuples of exactly the right length (read in place),
# and the errors of the wrong lengths; str.split's pieces, few and many.
rows = [("a", 1), ("b", 2), ("c", 3)]
total = 0
for name, n in rows:
    total += n * len(name)
print(total)

# (too many items of a list: CPython 3.14 adds "got N", which this sandbox
# and the peer suite follow, so that case is not here)
for line in ["k:v", "novalue", ""]:
    try:
        k, v = line.split(":")
        print("ok", repr(k), repr(v))
    except ValueError as e:
        print("ValueError", e)

a, b, c = [1, 2, 3]
print(a, b, c)
(x, y), z = (1, 2), [3]
print(x, y, z)
try:
    p, q = (i for i in [1, 2, 3])
except ValueError as e:
    print("ValueError", e)
try:
    p, q, r = (1, 2)
except ValueError as e:
    print("ValueError", e)
try:
    p, q = 5
except TypeError as e:
    print("TypeError", e)
first, *rest = "a,b,c,d".split(",")
print(first, rest)

s = ",".join(str(i) for i in range(20))
parts = s.split(",")
print(len(parts), parts[:3], parts[7:10], parts[-1])
print("a,,b,".split(","), ",".split(","), "".split(","), "abc".split(","))
print("x::y::z".split("::"), "éa,b,ü".split(","), "1,2,3,4,5,6,7,8".split(","))
print("1,2,3,4,5,6,7,8,9".split(","))
lst = [10, 20]
m, n = lst
lst.append(30)
print(m, n, lst)
d = {"one": 1, "two": 2}
for k, v in d.items():
    print(k, v)
