# TypeError messages of str methods given arguments of the wrong type.
calls = [
    lambda: 'abc'.find(1),
    lambda: 'abc'.rfind(1.5),
    lambda: 'abc'.index([]),
    lambda: 'abc'.rindex(None),
    lambda: 'abc'.count(None),
    lambda: 'abc'.replace(1, 'x'),
    lambda: 'abc'.replace('a', 2),
    lambda: 'abc'.startswith(1),
    lambda: 'abc'.endswith((1,)),
    lambda: 'abc'.startswith(('a', 2)),
    lambda: 'abc'.split(1),
    lambda: 'abc'.rsplit(b'a'),
    lambda: 'abc'.strip(1),
    lambda: 'abc'.lstrip(1),
    lambda: 'abc'.rstrip(b'a'),
    lambda: 'abc'.partition(1),
    lambda: 'abc'.rpartition(None),
    lambda: 'abc'.removeprefix(1),
    lambda: 'abc'.removesuffix(None),
    lambda: 'a'.join([1]),
    lambda: 'abc' + 1,
]
for i, f in enumerate(calls):
    try:
        print(i, f())
    except TypeError as e:
        print(i, 'TypeError:', e)
# the right types still work
print('abc'.find('c'), 'abc'.replace('a', 'z'), 'abc'.strip('ac'), 'a,b'.split(','))
