import datetime

tz = datetime.timezone
td = datetime.timedelta
print(repr(tz.utc), str(tz.utc), tz.utc is datetime.UTC, tz(td(0)) is tz.utc)
ist = tz(td(hours=5, minutes=30))
print(repr(ist), str(ist), ist.utcoffset(None), ist.tzname(None), ist.dst(None))
named = tz(td(hours=-3), "BRT")
print(repr(named), str(named), named.tzname(None))
print(str(tz(td(seconds=61))), str(tz(td(minutes=-90))), repr(tz(td(seconds=-1))))
print(tz(td(hours=1), "A") == tz(td(hours=1), "B"), hash(tz(td(hours=1), "A")) == hash(tz(td(hours=1))))
dt = datetime.datetime(2024, 6, 15, 12, 30, tzinfo=ist)
print(dt, repr(dt))
print(dt.utcoffset(), dt.tzname(), dt.dst())
print(dt.astimezone(tz.utc), dt.astimezone(named))
print(dt.astimezone(tz.utc) == dt, dt.astimezone(named).tzinfo is named)
print(datetime.datetime(2024, 1, 1, 1, tzinfo=ist).astimezone(tz.utc))
print(tz.min, tz.max)
print(isinstance(ist, datetime.tzinfo), isinstance(ist, datetime.timezone))
