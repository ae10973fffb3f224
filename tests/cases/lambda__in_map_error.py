parse = lambda s: int(s.strip())
print(list(map(parse, [" 1", "2 "])))
print(list(map(parse, ["3", "four"])))
