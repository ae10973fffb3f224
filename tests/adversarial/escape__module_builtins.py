# expect: exception AttributeError
import json
json.__builtins__['open']
