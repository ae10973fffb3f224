# expect: exception RuntimeError
import re
print(re.match(r'^(a*)*\1$', 'a' * 40 + 'b'))
