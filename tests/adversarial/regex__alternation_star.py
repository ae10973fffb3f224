# expect: exception RuntimeError
import re
print(re.match(r'(a|a)*$', 'a' * 40 + 'b'))
