letters = ["a", "b", "c"]
for i, letter in enumerate(letters):
    letters[i] = letter * (i + 1)
print(letters)
index = {ch: i for i, ch in enumerate("hello")}
print(index)
for n, (k, v) in enumerate(sorted({"b": 2, "a": 1}.items()), start=10):
    print(n, k, v)
