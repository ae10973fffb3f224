# expect: limit time
# limits: timeout=2
import itertools
for i in itertools.count():
    pass
