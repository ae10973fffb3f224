import datetime

dt = datetime.datetime(2020, 1, 2, 3, 4, 5, 678901, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))
for spec in ["auto", "hours", "minutes", "seconds", "milliseconds", "microseconds"]:
    print(dt.isoformat(timespec=spec), datetime.time(1, 2, 3).isoformat(spec))
print(dt.isoformat(" "), dt.isoformat(sep="_"))
F = datetime.datetime.fromisoformat
print(repr(F("2024-06-15")), repr(F("2024-06-15T10:30")), repr(F("2024-06-15 10:30:00.5")))
print(repr(F("2024-06-15T10:30:00+05:30")), repr(F("2024-06-15T10:30:00Z")), repr(F("20240615T103000")))
print(F(dt.isoformat()) == dt, repr(datetime.date.fromisoformat("2024-06-15")))
print(repr(datetime.time.fromisoformat("12:30:05.123")), repr(datetime.time.fromisoformat("12:30-03:00")))
for bad in ["2024-13-01", "nope", "2024-06-15T25:00"]:
    try:
        F(bad)
    except ValueError as e:
        print("ValueError")
try:
    dt.isoformat(timespec="bogus")
except ValueError as e:
    print(e)
