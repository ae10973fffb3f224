# sum/min/max over long generators and iterators run in bounded memory
# (the consumer folds every 4096 items); results and tie-breaking as CPython.
print(sum(x for x in range(10**6)))
print(sum((x for x in range(10**5)), 10))
print(sum(x * 0.1 for x in range(10**5)))
print(max(x % 1000 for x in range(10**5)))
print(min((x % 997 for x in range(10**5)), default=-1))
print(max((str(x) for x in range(10**5)), key=len))
print(min(((x % 7, x) for x in range(10**4)), key=lambda p: p[0]))
print(max((x for x in range(0)), default='empty'))
print(sum((x for x in range(10**4)), start=3))
print(sum(10**20 + x for x in range(10**4)))
