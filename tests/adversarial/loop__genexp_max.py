# expect: limit time
# limits: timeout=2
# known-failure: max() stores every item of the generator: limit memory in < 1 s
import itertools
max('x' * 1000 for _ in itertools.count())
