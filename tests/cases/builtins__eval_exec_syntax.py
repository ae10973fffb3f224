# SyntaxError from eval and exec: message and location
for src in ['1 +', 'x = = 2', 'return 5', '1\n2', 'x = 1', 'await x',
            'async def v():\n    return 1\nclass C:\n    x = await v()', 'nonlocal q']:
    for fn in (eval, exec):
        try:
            fn(src)
            print(fn.__name__, repr(src), 'ok')
        except SyntaxError as e:
            print(fn.__name__, repr(src), '->', type(e).__name__, e, e.lineno)
for src in ['1\0', b'1\0']:
    try:
        exec(src)
    except SyntaxError as e:
        print(repr(src), e)
ns = {}
exec('async def value():\n    return 42\nasync def f():\n    return await value()', ns)
print(type(ns['f']).__name__)
exec('def broken():\n    return 1 +')
