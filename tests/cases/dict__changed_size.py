d = {"a": 1, "b": 2}
for k in list(d):
    d[k + k] = 0
print(d)
for k in d:
    d["new_" + k] = 1
