import functools
import operator

print(functools.reduce(operator.add, [1, 2, 3, 4, 5]))
print(functools.reduce(lambda a, b: a * b, range(1, 11)))
print(functools.reduce(operator.add, [], 0))
print(functools.reduce(operator.add, [[1], [2, 3], [4]], []))
print(functools.reduce(max, [3, 9, 2, 7]))
print(functools.reduce(lambda acc, w: acc + len(w), ['ab', 'cde', 'f'], 0))
print(functools.reduce(lambda d, kv: {**d, kv[0]: kv[1]}, [('a', 1), ('b', 2)], {}))
print(functools.reduce(operator.or_, [{1}, {2, 3}, {1, 4}]))
print(functools.reduce(lambda a, b: a + b, 'xyz'))
print(functools.reduce(lambda a, b: 1 / 0, [42]))
print(functools.reduce(lambda a, b: (a, b), range(4)))
print(functools.reduce(lambda a, b: a + b, (x * x for x in range(5))))
print(functools.reduce(operator.add, {'k': 1, 'j': 2}))
# gcd of a list
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
print(functools.reduce(gcd, [48, 180, 36]))
for args in [(operator.add, []), (operator.add, 5), (5, [1, 2])]:
    try:
        functools.reduce(*args)
    except TypeError as e:
        print('TypeError:', e)
