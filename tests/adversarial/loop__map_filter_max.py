# expect: limit time
# limits: timeout=2
import itertools
max(filter(lambda v: v < 0, itertools.count()), default=None)
