cases = [
    lambda: 1 / 0,
    lambda: 1 // 0,
    lambda: 1 % 0,
    lambda: 1.0 / 0,
    lambda: 1.0 // 0,
    lambda: 1.0 % 0,
    lambda: 5 / 0.0,
    lambda: 0 ** -1,
]
for i, fn in enumerate(cases):
    try:
        fn()
    except ZeroDivisionError as e:
        # CPython 3.14 reworded most of these; only `/` reads the same in 3.13.
        print(i, type(e).__name__, e if i == 0 else '')
print(10 / 0)
