x = 5
if x > 3:
    x * 100
