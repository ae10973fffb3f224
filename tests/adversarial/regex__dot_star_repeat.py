# expect: ok
import re
print(re.search(r'(.*a){20}', 'a' * 50))
