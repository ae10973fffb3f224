squares = [add(i, i) for i in range(4)]
print(squares)
lookup = {c: get_weather(c)["sky"] for c in ["Lima", "Oslo"]}
print(lookup)
print(sum(add(x, 1) for x in [1, 2, 3]))
