# expect: ok
# CPython answers None at once: the repeat is a counter, not a copy of its body.
import re
re.match('(?:a{1000}){1000}', 'a' * 10)
