# expect: limit time
# limits: timeout=2
import itertools
all(True for _ in itertools.count())
