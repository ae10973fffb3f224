# expect: exception PatternError
import re
re.match('(?:a{1000}){1000}', 'a' * 10)
