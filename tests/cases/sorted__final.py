names = ["delta", "alpha", "charlie", "bravo"]
print(names[0])
sorted(names, key=lambda n: (len(n), n))
