# expect: limit time
# limits: timeout=2
import itertools
for x in itertools.repeat(None):
    pass
