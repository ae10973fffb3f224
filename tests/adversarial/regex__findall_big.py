# expect: ok
import re
print(len(re.findall(r'(x+x+)+y', 'x' * 5000)))
