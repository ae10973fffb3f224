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
        print(i, type(e).__name__, e)
print(10 % 0)
