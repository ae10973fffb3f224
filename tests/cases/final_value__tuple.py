a = 1
b = "two"
a, b, None
