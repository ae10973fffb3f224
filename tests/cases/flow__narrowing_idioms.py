# Idioms that narrow a name's type by a test; the static checker must not
# flag any of them (check/tests/cases.rs), and they run as in CPython.
def find(items, key):
    for k, v in items:
        if k == key:
            return v
    return None


pairs = [("a", "alpha"), ("b", 2), ("c", None)]
best = None
for key, value in pairs:
    if best is None or len(str(value)) > len(str(best)):
        best = value
print("best:", best)

v = find(pairs, "a")
if v is None:
    print("missing")
else:
    print(v.upper())

w = find(pairs, "zzz")
print(w.upper() if w is not None else "no w")
print(w is not None and w.upper())

n = find(pairs, "b")
if isinstance(n, str):
    print("str", n.upper())
elif isinstance(n, int):
    print("int", n + 1)

profile = {"name": "ada", "born": 1815}
for field, value in profile.items():
    if not isinstance(value, str):
        print(field, value * 2)
        continue
    print(field, value.title())

labels = [x.upper() for x in ["a", None, "b"] if x is not None]
print(labels)


def first_word(text):
    if not text:
        return ""
    return text.split()[0]


print(repr(first_word("")), first_word("hello world").upper())
count = None
count = 0 if count is None else count + 1
print(count)

result = None
if result is None:
    result = "filled"
print(result.upper())

maybe = {"k": "v"}.get("k")
assert maybe is not None
print(maybe.upper())
x = None
while x is None:
    x = "set"
print(x.upper())
