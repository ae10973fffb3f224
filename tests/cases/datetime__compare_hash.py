import datetime

D, DT, TD = datetime.date, datetime.datetime, datetime.timedelta
utc = datetime.timezone.utc
print(D(2024, 1, 1) < D(2024, 1, 2), D(2024, 1, 1) == D(2024, 1, 1), D(2024, 1, 1) != D(2024, 1, 2))
print(DT(2024, 1, 1) == D(2024, 1, 1), D(2024, 1, 1) == "2024-01-01")
a = DT(2024, 1, 1, 12, tzinfo=utc)
b = DT(2024, 1, 1, 13, tzinfo=datetime.timezone(TD(hours=1)))
print(a == b, hash(a) == hash(b), a < DT(2024, 1, 1, 13, tzinfo=utc))
print(a == DT(2024, 1, 1, 12), a != DT(2024, 1, 1, 12))
seen = {D(2024, 1, 1): "new year", TD(days=1): "day", DT(2024, 1, 1, 12, tzinfo=utc): "noon"}
print(seen[D(2024, 1, 1)], seen[TD(hours=24)], seen[b])
print(sorted([D(2024, 3, 1), D(2023, 1, 1), D(2024, 1, 1)]))
print(max(DT(2024, 1, 1), DT(2023, 12, 31, 23)), min(TD(1), TD(hours=1)))
print(len({D(2024, 1, 1), D(2024, 1, 1), D(2024, 1, 2)}))
try:
    a < DT(2024, 1, 1)
except TypeError as e:
    print("TypeError:", e)
try:
    D(2024, 1, 1) < 5
except TypeError as e:
    print("TypeError:", e)
