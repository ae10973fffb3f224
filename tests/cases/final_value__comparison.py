a = [1, 2, 3]
b = [1, 2, 3]
a == b and a is not b
