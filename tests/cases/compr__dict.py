print({x: x ** 2 for x in range(5)})
words = ["apple", "bob", "kiwi"]
print({w: len(w) for w in words})
original = {"a": 1, "b": 2, "c": 3}
print({v: k for k, v in original.items()})
print({k: v for k, v in original.items() if v != 2})
print({k.upper(): v * 10 for k, v in original.items()})
print({i % 3: i for i in range(10)})
print({(x, y): x * y for x in range(2) for y in range(2)})
