name = "Ann"
age = 31
print(f"{name} is {age} years old")
print(f"next year: {age + 1}, half: {age / 2}")
print(f"{{literal braces}} and {{{name}}}")
print(f"{'nested quotes'} {len(name)} {name.upper()}")
print(f'{name!r:>8}|')
items = [1, 2]
print(f"{items} {items[0]} {(1, 2)} {None} {True}")
d = {"k": "v"}
print(f"{d['k']} {d}")
print(f"{'a' if age > 18 else 'b'}")
print(f"" == "", f"plain")
x = 5
print(f"{x}{x}{x}", f"{x*2}")
