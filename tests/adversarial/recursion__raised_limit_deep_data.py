# expect: exception RecursionError
import sys, json
sys.setrecursionlimit(10**6)
x = []
for _ in range(100000):
    x = [x]
json.dumps(x)
