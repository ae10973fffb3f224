import datetime

d = datetime.date(2024, 1, 1)
print(d + datetime.timedelta(days=1))
print(d * 2)
