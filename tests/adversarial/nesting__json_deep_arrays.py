# expect: exception RecursionError
import json
json.loads('[' * 100000 + ']' * 100000)
