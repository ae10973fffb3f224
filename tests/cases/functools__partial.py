import functools

def power(base, exp, *rest, mod=None, **extra):
    r = base ** exp
    if mod is not None:
        r %= mod
    return (r, rest, extra)

square = functools.partial(power, exp=2)
print(square(5))
print(square(5, mod=7))
cube_mod = functools.partial(power, mod=10)
print(cube_mod(3, 3))
two_to = functools.partial(power, 2)
print([two_to(n)[0] for n in range(6)])
print(functools.partial(power, 2, 3, 4, 5)(6, extra=1))
print(functools.partial(power, 3, exp=3)(exp=2))
print(list(map(functools.partial(int, base=2), ['101', '11', '1000'])))
print(sorted(['bb', 'a', 'ccc'], key=functools.partial(len)))
print(sorted([(1, 'z'), (2, 'a')], key=functools.partial(lambda i, t: t[i], 1)))
add = functools.partial(lambda *a, **k: (a, k), 1, x=1)
add2 = functools.partial(add, 2, y=2)
print(add2(3, x=9))
print(repr(functools.partial(int, '12')))
print(functools.partial(max)([4, 8, 2]))
print(callable(square), bool(square))
p = functools.partial(print, 'hello', sep='-')
p('world', end='!\n')
try:
    functools.partial()
except TypeError as e:
    print('TypeError:', e)
try:
    functools.partial(power, exp=2)(2, 3)
except TypeError as e:
    print('TypeError:', e)
