# expect: limit time
# limits: timeout=2
import itertools
{x for x in itertools.count() if x < 0}
