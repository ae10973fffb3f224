import datetime

dt = datetime.datetime(2024, 3, 5, 7, 8, 9, 10)
for f in ["%Y-%m-%d %H:%M:%S.%f", "%y %b %B %a %A", "%j %U %W %w %u", "%I %p", "%G-W%V-%u",
          "%c", "%x", "%X", "%%", "%e|%D|%F|%T|%R", "100%% done", "%H%M", ""]:
    print(repr(f), repr(dt.strftime(f)))
print(datetime.datetime(2024, 1, 1, 0, 5).strftime("%I:%M %p"), datetime.datetime(2024, 1, 1, 12).strftime("%I %p"))
aware = datetime.datetime(2024, 6, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=2), "EET"))
print(aware.strftime("%z %Z"), dt.strftime("[%z][%Z]"))
print(datetime.datetime(2024, 6, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=-5))).strftime("%z %Z"))
print(datetime.date(2024, 12, 30).strftime("%Y %m %d %H:%M"), datetime.time(13, 5).strftime("%H:%M %p %Y"))
