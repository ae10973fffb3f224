# expect: limit memory
# join() materializes its argument (as CPython does), so this fills memory.
import itertools
"".join("" for _ in itertools.count())
