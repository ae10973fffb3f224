colors = ("red", "green", "blue")
print(colors.index("green"))
print(colors.count("red"))
print(colors.index("purple"))
