invert = lambda x: 1 / x
print(invert(4))
values = [2, 1, 0]
print([invert(v) for v in values])
