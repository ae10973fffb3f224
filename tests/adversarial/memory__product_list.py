# expect: limit memory
import itertools
list(itertools.product(range(10), repeat=10))
