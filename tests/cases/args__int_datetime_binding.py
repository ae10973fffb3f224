# int() counts keyword arguments as Argument Clinic does; datetime's
# constructors convert each argument as they bind it
# (PyArg_ParseTupleAndKeywords), so a bad earlier argument wins over a
# missing or repeated later one.
import datetime

tests = [
    lambda: int(x='1', base=10, bogus=2),
    lambda: int('1', base=10, bogus=2),
    lambda: int('1', 10, bogus=2),
    lambda: int('1', 10, 3),
    lambda: int(base=10),
    lambda: int(x='1'),
    lambda: datetime.date('x', year=1),
    lambda: datetime.datetime('x', 1, 1, 4, hour=5),
    lambda: datetime.date(2024, month='x'),
    lambda: datetime.date(month='x'),
    lambda: datetime.datetime(2024, 1, 1, bogus=6, year=5),
    lambda: datetime.datetime(2024, 1, 1, day=1, month=2),
    lambda: datetime.datetime(2024, 1, 1, tzinfo=1),
    lambda: datetime.time('x', minute=1, hour=2),
    lambda: datetime.time(1, 2, 3, 4, 'tz'),
    lambda: datetime.time(1.5),
]
for t in tests:
    try:
        print(t())
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
