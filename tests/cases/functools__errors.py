import functools

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

attempt(lambda: functools.partial())
attempt(lambda: functools.partial(1))
attempt(lambda: functools.lru_cache('x'))
attempt(lambda: functools.lru_cache(1.5))
attempt(lambda: functools.lru_cache(1, 2, 3))
attempt(lambda: functools.lru_cache(bogus=1))
attempt(lambda: functools.cache())
attempt(lambda: functools.cache(5))
attempt(lambda: functools.cache(int, 5))
attempt(lambda: functools.lru_cache(maxsize=2)(5))
attempt(lambda: functools.cache(len)([1]))
attempt(lambda: functools.cache(len)('abc'))
attempt(lambda: functools.cmp_to_key(lambda a, b: 0)(1) < 2)
class Nothing:
    pass
attempt(lambda: functools.total_ordering(Nothing))
