# expect: limit time
# limits: timeout=2
import itertools
min('x' * 1000 for _ in itertools.count())
