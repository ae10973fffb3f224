# expect: exception RecursionError
import json
json.loads('[' * 1000000)
