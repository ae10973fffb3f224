# expect: limit time
# limits: timeout=2
import itertools
for a, b in zip(itertools.count(), itertools.count(1)):
    pass
