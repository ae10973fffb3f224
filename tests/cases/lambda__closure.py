def make_ops(k):
    return {
        "add": lambda x: x + k,
        "mul": lambda x: x * k,
    }

ops = make_ops(3)
print(ops["add"](1), ops["mul"](5))
base = 100
offset = lambda x: x + base
base = 200
print(offset(1))
adders = [lambda x, i=i: x + i for i in range(3)]
print([a(0) for a in adders])
