import datetime

utc = datetime.timezone.utc
print(datetime.datetime(2024, 6, 15, 10, 30, tzinfo=utc).timestamp())
print(datetime.datetime(1970, 1, 1, tzinfo=utc).timestamp())
ist = datetime.timezone(datetime.timedelta(hours=5, minutes=30))
print(datetime.datetime(2024, 6, 15, 16, 0, tzinfo=ist).timestamp())
print(repr(datetime.datetime.fromtimestamp(1718447400, utc)))
print(repr(datetime.datetime.fromtimestamp(1718447400.5, tz=ist)))
print(repr(datetime.datetime.fromtimestamp(-1.25, utc)))
print(datetime.datetime.fromtimestamp(0, utc).timestamp())
