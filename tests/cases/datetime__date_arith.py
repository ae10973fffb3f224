import datetime

d = datetime.date(2024, 1, 31)
print(d + datetime.timedelta(days=1), d - datetime.timedelta(days=31), datetime.timedelta(days=366) + d)
print(datetime.date(2024, 3, 1) - datetime.date(2024, 2, 1), datetime.date(2023, 1, 1) - datetime.date(2024, 1, 1))
dt = datetime.datetime(2024, 12, 31, 23, 59, 59)
print(dt + datetime.timedelta(seconds=1), dt - datetime.timedelta(days=365, hours=23))
print(datetime.datetime(2024, 3, 10, 12) - datetime.datetime(2024, 3, 9, 13, 30))
print(d + datetime.timedelta(hours=23))
u = datetime.timezone.utc
x = datetime.datetime(2024, 6, 15, 12, tzinfo=u)
y = datetime.datetime(2024, 6, 15, 17, tzinfo=datetime.timezone(datetime.timedelta(hours=5)))
print(x - y, (x + datetime.timedelta(hours=1)).tzinfo is u)
try:
    datetime.date(9999, 12, 31) + datetime.timedelta(days=1)
except OverflowError as e:
    print("OverflowError:", e)
try:
    x - datetime.datetime(2024, 6, 15)
except TypeError as e:
    print("TypeError:", e)
