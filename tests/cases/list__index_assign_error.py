slots = [None] * 3
slots[0] = "a"
slots[-1] = "c"
print(slots)
slots[3] = "d"
