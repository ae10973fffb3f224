base = [1, 2, 3]
doubled = [x * 2 for x in base]
print(base)
doubled + [None, "end"]
