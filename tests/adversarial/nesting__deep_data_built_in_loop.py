# expect: ok
# Deep data that is only built and walked iteratively is fine.
x = []
for _ in range(100000):
    x = [x]
n = 0
while x:
    x = x[0]
    n += 1
assert n == 100000
