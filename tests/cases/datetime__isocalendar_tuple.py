from datetime import date, datetime

c = date(2024, 1, 1).isocalendar()
print(c)
print(c.year, c.week, c.weekday)
print(c[0], c[1], c[2], len(c))
y, w, d = date(2021, 1, 3).isocalendar()
print(y, w, d)
print(c == (2024, 1, 1), tuple(c))
print(datetime(2020, 12, 31, 10, 30).isocalendar())
print(date(2019, 12, 30).isocalendar().week)
print(list(date(2026, 11, 26).isocalendar()))
try:
    c.week = 3
except AttributeError as e:
    print("AttributeError")
