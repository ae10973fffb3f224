# expect: limit time
# limits: timeout=2
import itertools
any(False for _ in itertools.count())
