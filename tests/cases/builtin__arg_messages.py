# Argument handling details of a few builtins.
import datetime

for f in [lambda: getattr(1, 2), lambda: hasattr(1, None), lambda: setattr(1, 2, 3),
          lambda: delattr(1, b'x'), lambda: getattr(1, 2, 'default')]:
    try:
        f()
    except TypeError as e:
        print(e)

try:
    sorted([3, 1], nope=1)
except TypeError as e:
    print(e)
print(sorted([3, 1, 2], key=lambda x: -x, reverse=True))

print(list(enumerate(iterable=['a'])), list(enumerate(iterable='ab', start=2)),
      list(enumerate(start=5, iterable=[0])), list(enumerate(['a'], start=True)))
for f in [lambda: enumerate(), lambda: enumerate([1], 2, 3), lambda: enumerate(1, start=3)]:
    try:
        f()
    except TypeError as e:
        print(e)

for cls in [int, list, datetime.date, datetime.datetime, datetime.timedelta, datetime.timezone]:
    try:
        cls.nonexistent
    except AttributeError as e:
        print(e)
