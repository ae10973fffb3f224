s = {"a", "b"}
s.add("c")
s.remove("a")
s.discard("zzz")
s.discard("b")
print(sorted(s), len(s))
one = {42}
print(one.pop(), len(one))
s.update(["d", "e"])
print(sorted(s))
try:
    s.remove("nope")
except KeyError as e:
    print("KeyError:", e)
try:
    set().pop()
except KeyError as e:
    print("KeyError:", e)
