# expect: limit memory
import itertools
''.join('x' * 1000 for _ in itertools.count())
