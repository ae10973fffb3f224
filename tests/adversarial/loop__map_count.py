# expect: limit time
# limits: timeout=2
import itertools
for x in map(lambda v: v + 1, itertools.count()):
    pass
