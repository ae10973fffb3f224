t = (1, 2)
t += (3,)
print(t)
t = t * 2
print(t)
print(3 in t, 5 not in t)
print(tuple([x * 2 for x in t]))
print(tuple({"a": 1, "b": 2}))
print(tuple(reversed(t)))
u = t
t += (9,)
print(u, t, u is t)
