def make_log():
    entries = []
    def log(msg):
        entries.append(msg)
        return len(entries)
    def dump():
        return list(entries)
    return log, dump

log, dump = make_log()
log("start")
log("middle")
print(log("end"), dump())
def averager():
    total = 0
    count = 0
    def add(x):
        nonlocal total, count
        total += x
        count += 1
        return total / count
    return add
avg = averager()
print(avg(10), avg(20), avg(0))
