x = 6
y = 7
x * y
