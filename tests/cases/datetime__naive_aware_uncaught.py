import datetime

naive = datetime.datetime(2024, 1, 1)
aware = naive.replace(tzinfo=datetime.timezone.utc)
print(naive == aware)
print(naive < aware)
