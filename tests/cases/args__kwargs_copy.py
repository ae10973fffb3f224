def update(**kw):
    kw["added"] = True
    return kw

original = {"a": 1}
result = update(**original)
print(original, result, original is result)
def collect(*args):
    return args
lst = [1, 2]
t = collect(*lst)
lst.append(3)
print(t, lst)
