# expect: limit time
# limits: timeout=2
import itertools
for pair in enumerate(itertools.repeat(0)):
    pass
