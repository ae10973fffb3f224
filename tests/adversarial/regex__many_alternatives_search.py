# expect: ok
import re
pattern = '|'.join('w%d' % i for i in range(2000))
print(len(re.findall(pattern, 'w1999 ' * 10000)))
