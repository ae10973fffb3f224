# expect: limit time
# limits: timeout=2
# Catastrophic backtracking: CPython runs it for ages too (sre tries every
# way); here the run ends at its time limit (the instruction limit in
# hosts without fuel) and the host stays up.
import re
print(re.fullmatch(r'(a|aa)+', 'a' * 60 + 'c'))
