# expect: exception OverflowError
# known-failure: re.PatternError; CPython: OverflowError the repetition number is too large
import re
re.compile('a{5000000000}')
