# The classes the library implements natively are types, as the builtin
# ones are: isinstance(C, type), type(C), their names.
from collections import Counter, OrderedDict, defaultdict, deque
import datetime
import decimal

for c in (defaultdict, OrderedDict, Counter, deque, datetime.date, datetime.timedelta,
          decimal.Decimal, dict, int):
    print(c.__name__, isinstance(c, type), type(c).__name__)
print(isinstance(len, type), isinstance(print, type))
print(isinstance(defaultdict(list), defaultdict), isinstance({}, defaultdict))
