import time

t = time.gmtime(1718451000)
print(t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, t.tm_wday, t.tm_yday, t.tm_isdst)
print(t[:6], len(t), list(t)[6:])
print(time.strftime("%Y-%m-%d %H:%M:%S %a %j", t))
print(time.asctime(t), time.asctime(time.gmtime(0)))
print(time.mktime((2024, 6, 15, 11, 30, 0, 0, 0, 0)), time.mktime(time.gmtime(0)))
print(time.gmtime(-1.5).tm_sec, time.gmtime(86400 * 365).tm_year)
p = time.strptime("2024-06-15 08:09", "%Y-%m-%d %H:%M")
print(p.tm_year, p.tm_yday, p.tm_wday, p.tm_hour, p.tm_isdst)
print(time.strftime("%a", (2024, 1, 1, 0, 0, 0, -1, 1, -1)))
print(time.sleep(0))
