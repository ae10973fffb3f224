# expect: exception PatternError
# CPython matches (None); the linear-size automaton is refused instead.
import re
re.match('a{1000000000}', 'aaa')
