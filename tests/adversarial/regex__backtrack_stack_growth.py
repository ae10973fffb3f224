# expect: limit memory
# Every iteration of the star leaves a way back; over 40 million characters
# the matcher's backtracking stack outgrows the memory limit and the run
# stops there (CPython 3.13 answers None after growing to 2.4 GB).
import re
s = 'ab' * 20_000_000
print(re.match(r'(?:ab|cd)*e', s))
