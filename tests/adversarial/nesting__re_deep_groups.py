# expect: exception RecursionError
# known-failure: the guest overflows its native stack (internal error); CPython: RecursionError
import re
re.compile('(' * 100000 + ')' * 100000)
