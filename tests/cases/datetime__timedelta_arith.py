import datetime

td = datetime.timedelta
a = td(days=1, hours=2, minutes=3, seconds=4, milliseconds=5, microseconds=6)
print(a, repr(a), a.days, a.seconds, a.microseconds, a.total_seconds())
print(td(seconds=-1), repr(td(seconds=-1)), td(0), repr(td(0)), td(weeks=2))
print(td(days=1.5), td(seconds=0.5), td(microseconds=1.5), td(microseconds=2.5))
print(a + td(hours=22), a - td(days=2), td(hours=1) * 3, 2 * td(minutes=7))
print(td(hours=3) / td(hours=2), td(hours=3) // td(hours=2), td(hours=3) % td(hours=2))
print(divmod(td(hours=-3), td(hours=2)), td(hours=1) / 3, td(hours=1) // 7)
print(td(microseconds=3) / 2, td(microseconds=5) / 2, td(hours=1) * 0.5, td(hours=1) / 0.25)
print(td(days=2) > td(hours=47), td(1) == td(hours=24), sorted([td(3), td(1), td(2)]))
print(td.max, td.min, td.resolution)
print(str(td(days=-1, seconds=5)), str(td(days=3, microseconds=7)))
print(datetime.timedelta.max // datetime.timedelta.resolution)
