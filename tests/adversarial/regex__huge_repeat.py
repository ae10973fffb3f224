# expect: ok
# CPython answers None at once: the repeat is a counter, not a copy of its body.
import re
re.match('a{1000000000}', 'aaa')
