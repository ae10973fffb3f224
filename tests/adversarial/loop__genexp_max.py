# expect: limit time
# limits: timeout=2
import itertools
max('x' * 1000 for _ in itertools.count())
