# expect: limit memory
import re
s = 'x'
while True:
    s = re.sub('x', 'xx', s)
