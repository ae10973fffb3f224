# expect: limit memory
import itertools
list('y' * 1000 for _ in itertools.count())
