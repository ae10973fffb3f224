import calendar

print(calendar.isleap(2024), calendar.isleap(1900), calendar.isleap(2000), calendar.isleap(2023))
print(calendar.leapdays(1900, 2024), calendar.leapdays(2024, 2000), calendar.leapdays(-100, 100))
print([tuple(map(int, calendar.monthrange(y, m))) for y, m in [(2024, 2), (2023, 2), (2025, 12)]])
print(int(calendar.weekday(2024, 7, 4)), int(calendar.weekday(1970, 1, 1)), int(calendar.weekday(2000, 2, 29)))
print(calendar.monthcalendar(2024, 3))
print(calendar.month_name[1], calendar.month_abbr[12], calendar.day_name[0], calendar.day_abbr[6])
print(list(calendar.month_name), len(calendar.month_abbr), list(calendar.day_abbr))
print(int(calendar.MONDAY), int(calendar.SUNDAY), int(calendar.FRIDAY))
print(calendar.timegm((2024, 1, 1, 0, 0, 0)), calendar.timegm((1970, 1, 2, 3, 4, 5, 0, 0, 0)))
print(calendar.timegm((1969, 12, 31, 23, 59, 59)), calendar.timegm((2000, 2, 30, 0, 0, 0)))
print(calendar.month(2024, 2))
print(calendar.month(2025, 11, w=3, l=2))
print(repr(calendar.weekheader(2)), repr(calendar.weekheader(3)), repr(calendar.weekheader(10)))
try:
    calendar.monthrange(2024, 13)
except ValueError as e:
    print(type(e).__name__, e)
try:
    calendar.setfirstweekday(9)
except ValueError as e:
    print(type(e).__name__, e)
calendar.setfirstweekday(calendar.SUNDAY)
print(int(calendar.firstweekday()))
print(calendar.monthcalendar(2024, 9))
print(calendar.month(2024, 9))
calendar.setfirstweekday(0)
days_in_year = sum(calendar.monthrange(2024, m)[1] for m in range(1, 13))
print(days_in_year)
