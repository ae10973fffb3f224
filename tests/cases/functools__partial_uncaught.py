import functools

print(functools.partial(divmod, 17)(5))
functools.partial(42)
