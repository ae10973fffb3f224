a, *b, c = range(6)
print(a, b, c)
*init, last = [1, 2, 3]
print(init, last)
first, *rest = "hello"
print(first, rest)
x, *y = [1]
print(x, y)
*all_of_it, = (1, 2)
print(all_of_it)
(m, *n), o = [1, 2, 3], 4
print(m, n, o)
head, *middle, tail = 1, 2
print(head, middle, tail)
