# expect: limit time
# limits: timeout=2
import itertools
[y for x in itertools.count() for y in range(0)]
