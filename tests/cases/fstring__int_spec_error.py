count = 7
print(f"{count:5d}")
ratio = 0.75
print(f"{ratio:d}")
