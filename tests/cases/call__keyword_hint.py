# CPython 3.13 suggests the closest accepted keyword for an unknown one.
def f(last, first=1): pass
for g in [lambda: f(lst=1), lambda: f(1, frist=2), lambda: f(1, zzzzzz=2), lambda: sorted([], kee=1), lambda: [].sort(reversed=1), lambda: "a".split(sepp=1), lambda: int("1", bas=2), lambda: print(1, ende="")]:
    try: g()
    except TypeError as e: print(e)
