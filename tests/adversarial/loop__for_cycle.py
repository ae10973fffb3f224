# expect: limit time
# limits: timeout=2
import itertools
for x in itertools.cycle([1, 2, 3]):
    pass
