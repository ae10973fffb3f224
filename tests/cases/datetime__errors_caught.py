import datetime

calls = [
    lambda: datetime.date(2024, 13, 1),
    lambda: datetime.date(2024, 2, 30),
    lambda: datetime.datetime(2024, 1, 1, 24),
    lambda: datetime.date("2024", 1, 1),
    lambda: datetime.date(2024),
    lambda: datetime.date(2024, 1, 1, 1),
    lambda: datetime.datetime(2024, 1, 1, tzinfo=5),
    lambda: datetime.timedelta(days=10**9),
    lambda: datetime.timedelta("x"),
    lambda: datetime.timezone(5),
    lambda: datetime.timezone(datetime.timedelta(hours=24)),
    lambda: datetime.timedelta(1) / 0,
    lambda: datetime.timedelta(1) // datetime.timedelta(0),
    lambda: datetime.date(2024, 1, 1) + 1,
    lambda: datetime.date(2024, 1, 1).replace(foo=1),
    lambda: datetime.date(2024, 1, 1).strftime(5),
    lambda: datetime.date.fromisoformat("x"),
]
for c in calls:
    try:
        c()
        print("no error")
    except (TypeError, OverflowError) as e:
        print(type(e).__name__, "-", e)
    except ZeroDivisionError:
        print("ZeroDivisionError")
    except ValueError as e:
        print("ValueError")
