# expect: limit time
# limits: timeout=2
# known-failure: min() stores every item of the generator: limit memory in < 1 s
import itertools
min('x' * 1000 for _ in itertools.count())
