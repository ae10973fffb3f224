factor = 3
print([x * factor for x in range(3)])
def make():
    offset = 100
    return [offset + i for i in range(3)]
print(make())
x = "unchanged"
result = [x for x in "abc"]
print(result, x)
funcs = [lambda: i for i in range(3)]
print([f() for f in funcs])
def nested_scope():
    data = [1, 2, 3]
    return {n: [m for m in data if m != n] for n in data}
print(nested_scope())
