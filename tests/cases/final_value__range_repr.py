start = 2
range(start, 20, 3)
