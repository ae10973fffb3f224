# expect: ok
import re
print(re.fullmatch(r'(a|aa)+', 'a' * 60 + 'c'))
