step = 2
print(list(range(0, 10, step)))
step -= 2
print(list(range(0, 10, step)))
