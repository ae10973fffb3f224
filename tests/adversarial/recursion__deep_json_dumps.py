# expect: exception RecursionError
import json
x = []
for _ in range(100000):
    x = [x]
json.dumps(x)
