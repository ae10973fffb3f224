combine = lambda x, y=10: x + y
print(combine(1))
(lambda x, y=10: [x, y, x + y])(5)
