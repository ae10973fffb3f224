# expect: limit output
import sys
while True:
    print('e' * 1000, file=sys.stderr)
