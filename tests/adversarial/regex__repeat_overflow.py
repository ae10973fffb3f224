# expect: exception OverflowError
import re
re.compile('a{5000000000}')
