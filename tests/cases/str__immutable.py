name = "monty"
print(name.upper())
fixed = "M" + name[1:]
print(fixed)
name[0] = "M"
