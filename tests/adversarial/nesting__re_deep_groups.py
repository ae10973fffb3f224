# expect: exception RecursionError
import re
re.compile('(' * 100000 + ')' * 100000)
