# expect: limit time
# limits: timeout=2
# Catastrophic backtracking: CPython runs it for ages too (sre tries every
# way); here the run ends at its time limit (the instruction limit in
# hosts without fuel) and the host stays up.
import re
print(re.match(r'^([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$', 'a' * 60 + '!'))
