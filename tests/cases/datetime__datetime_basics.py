import datetime

dt = datetime.datetime(2024, 6, 15, 14, 30, 45, 123456)
print(dt, repr(dt))
print(dt.hour, dt.minute, dt.second, dt.microsecond, dt.tzinfo, dt.fold)
print(dt.date(), dt.time(), repr(dt.timetz()))
print(repr(datetime.datetime(2024, 1, 1)), repr(datetime.datetime(2024, 1, 1, 0, 0, 5)))
print(dt.replace(hour=0, microsecond=0), dt.replace(tzinfo=datetime.timezone.utc))
print(datetime.datetime.combine(datetime.date(2024, 1, 2), datetime.time(3, 4)))
print(datetime.datetime.min, datetime.datetime.max)
print(isinstance(dt, datetime.date), isinstance(dt, datetime.datetime), isinstance(dt, datetime.time))
print(dt.weekday(), dt.toordinal(), dt.isocalendar()[1])
print(repr(datetime.datetime(2024, 1, 1, fold=1)))
