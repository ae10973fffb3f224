import datetime

t = datetime.time(14, 30, 45, 123456)
print(t, repr(t), t.hour, t.minute, t.second, t.microsecond, t.tzinfo)
print(repr(datetime.time()), repr(datetime.time(0, 0, 0, 5)), repr(datetime.time(1, fold=1)))
print(t.replace(hour=1), t.isoformat("minutes"), t.strftime("%I:%M %p"))
z = datetime.time(12, tzinfo=datetime.timezone(datetime.timedelta(hours=1), "P1"))
print(z, repr(z), z.utcoffset(), z.tzname(), z.dst())
print(z == datetime.time(11, tzinfo=datetime.timezone.utc), datetime.time(12) == z)
print(datetime.time(1) < datetime.time(2), sorted([datetime.time(3), datetime.time(1)]))
print(datetime.time.min, datetime.time.max, datetime.time.resolution)
print(isinstance(t, datetime.time), isinstance(t, datetime.date))
