# exec and eval with explicit dicts
ns = {}
exec('def f():\n    return k\nk = 3', ns)
print(ns['f'](), sorted(k for k in ns if not k.startswith('__')))
ns['k'] = 4
print(ns['f']())
exec('def g():\n    global k\n    k = 5', ns)
ns['g']()
print(ns['k'])
exec('import math\ndef area(r):\n    return round(math.pi * r * r, 3)', ns)
print(ns['area'](2))
exec('class P:\n    k = 5\n    def m(self):\n        return k2, self.k\nk2 = 9', ns)
print(ns['P']().m(), ns['P'].__name__)
exec('def outer(n):\n    def inner():\n        return n + k\n    return inner', ns)
print(ns['outer'](1)())
exec('def d(a, b=k):\n    return a + b', ns)
print(ns['d'](1))
exec('exec("inner_k = 11")', ns)
print(ns['inner_k'])
exec('def w(p):\n    return eval("p + k")', ns)
print(ns['w'](1))
print(eval('[k + i for i in range(2)]', {'k': 1}))

g, loc = {}, {}
exec('a = 1\nglobal b\nb = 2\nr = locals()', g, loc)
print(sorted(loc), sorted(k for k in g if not k.startswith('__')), loc['r'] is loc)
print(eval('q * 2', None, {'q': 7}), eval('len', {'len': 3}))
exec('del a', g, loc)
print(sorted(loc))

outer_name = 1
for src, env in [('qq', {}), ('outer_name', {}), ('del nothere', {})]:
    try:
        exec(src, env)
    except NameError as e:
        print('NameError:', e)

# a runtime error keeps what was defined before it
kept = {}
try:
    exec('def kept_f():\n    return "kept"\nraise ValueError("after")', kept)
except ValueError as e:
    print('ValueError:', e, kept['kept_f']())

# argument errors
for args in [(1,), ('x', []), ('x', 1), ('x', {}, 3), ('1', {}, {}, {})]:
    for fn in (eval, exec):
        try:
            fn(*args)
        except TypeError as e:
            print(fn.__name__, 'TypeError:', e)
for call in [lambda: eval(), lambda: exec('x', closure=1), lambda: eval('x', foo=1)]:
    try:
        call()
    except TypeError as e:
        print('TypeError:', e)
