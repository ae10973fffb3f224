# eval and exec against the caller's scope
x = 10
print(eval('x + 1'), eval('  2 * x'), eval('\n[i * x for i in range(3)]'))
print(eval(b'x - 1'), eval('x', None, None))
exec('y = x * 2')
print(y)
exec('a1 = 1\nb1 = a1 + 1\nprint("inside", a1, b1)')
print(a1, b1, exec('pass'))
exec('exec("nested = 7")')
print(nested)
exec('len = lambda s: 42')
print(len('abc'))
del len
print(len('abc'))


def f(a):
    b = a + 1
    exec('a = 100')
    c = [eval('a * k') for k in range(3)]
    return a, eval('a + b'), c, locals()


print(f(1))


def g():
    exec('global made_in_g\nmade_in_g = "g"')
    n = 1
    inner = lambda: n
    return eval('n') + inner(), sorted(locals())


print(g(), made_in_g)


class C:
    exec('attr = 5')
    z = eval('attr + 1')


print(C.attr, C.z)
print(sorted(['b', 'a', 'c'], key=lambda s: eval('s')))
print(list(map(eval, ['1 + 1', 'x'])))

# locals() in functions, cells and free variables


def loc(p, q=2):
    r = p + q

    def inner():
        return r

    return locals()


print(sorted(loc(1)))


def outer():
    first, second = 1, 2

    def middle():
        print(sorted(locals()))
        return first + second

    return middle()


print(outer())
print(eval('locals()', {'p': 1})['p'], type(globals()).__name__)

# errors from inside propagate
try:
    eval('1 / 0')
except ZeroDivisionError as e:
    print('caught', e)


def deep(n):
    return eval('deep(n - 1)') if n else 0


try:
    deep(5000)
except RecursionError:
    print('RecursionError')


def names(a, b=1):
    c = a
    return dir(), sorted(vars())


print(names(0))
