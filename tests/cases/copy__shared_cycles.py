import copy
shared = [0]
pair = [shared, shared, {"again": shared}]
dup = copy.deepcopy(pair)
print(dup[0] is dup[1], dup[2]["again"] is dup[0], dup[0] is shared)
loop = [1, 2]
loop.append(loop)
dl = copy.deepcopy(loop)
print(dl[2] is dl, dl is loop, dl[:2])
d = {"name": "node"}
d["self"] = d
dd = copy.deepcopy(d)
print(dd["self"] is dd, dd["name"])
items = []
t = (items,)
items.append(t)
tc = copy.deepcopy(t)
print(tc[0][0] is tc, tc is t)
