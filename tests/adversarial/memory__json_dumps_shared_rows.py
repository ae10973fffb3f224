# expect: limit memory
import json
row = ['abc'] * 10000
grid = [row] * 10000
s = json.dumps(grid)
