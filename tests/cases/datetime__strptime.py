import datetime

P = datetime.datetime.strptime
print(repr(P("2024-06-15", "%Y-%m-%d")))
print(repr(P("15/06/24 10:30:45.5", "%d/%m/%y %H:%M:%S.%f")))
print(repr(P("Jun 5 2024 3PM", "%b %d %Y %I%p")))
print(repr(P("Saturday, June 15, 2024", "%A, %B %d, %Y")))
print(repr(P("2024-06-15 12:30 +0530", "%Y-%m-%d %H:%M %z")))
print(repr(P("2024-06-15 12:30 Z", "%Y-%m-%d %H:%M %z")))
print(repr(P("2024 167", "%Y %j")), repr(P("12am", "%I%p")))
print(repr(P("  2024-1-5", " %Y-%m-%d")))
for s, f in [("2024-06-15", "%d/%m/%Y"), ("2024-06-15x", "%Y-%m-%d"), ("2024", "%Q"), ("2024", "%Y%")]:
    try:
        P(s, f)
    except ValueError as e:
        print("ValueError:", e)
