# Counter arithmetic follows CPython's exact sequence of comparisons: NaN
# counts, unorderable counts, in-place operators with plain mappings.
from collections import Counter, defaultdict, OrderedDict

nan = float("nan")
print(dict(Counter(a=1) | Counter(a=nan)), dict(Counter(a=nan) | Counter(a=1)))
print(dict(Counter(a=1) & Counter(a=nan)), dict(Counter(a=nan) & Counter(a=1)))
print(dict(+Counter(a=nan)), dict(-Counter(a=nan)), Counter(a=nan) <= Counter(a=nan))
print(Counter(a=3, b=-1) + Counter(a=-5, c=2), Counter(a=3) - Counter(a=5, b=-2))
print(Counter(a=3, b=1) | Counter(a=1, b=4, c=-1), Counter(a=3, b=1) & Counter(a=1, b=4))
print(+Counter(a=2, b=0, c=-3), -Counter(a=2, b=0, c=-3))
print(Counter(a="x"), Counter({"a": "y"}), Counter(a=1.5, b=2))

c = Counter(a=3)
alias = c
c -= Counter(a=1)
c += {"a": 2, "b": 5}
c |= {"b": 7, "z": 1}
c &= {"a": 1, "b": 9, "z": 0}
print(alias, alias is c)

def err(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

err(lambda: Counter(a="x") <= Counter(a=1))
err(lambda: Counter(a="x") < Counter(a=1))
err(lambda: Counter(a="x") > Counter(a=1))
err(lambda: Counter(a="x") | Counter(a=1))
err(lambda: Counter() | Counter(a="x"))
err(lambda: Counter(a="x") & Counter(a=1))
err(lambda: +Counter(a="x"))
err(lambda: -Counter(a="x"))
def ior():
    c = Counter(a=1)
    c |= Counter(a="x")
def iadd_list():
    c = Counter(a=1)
    c += [1, 2]
def iand_missing():
    c = Counter(a=3, b=2)
    c &= {"a": 1}
err(ior)
err(iadd_list)
err(iand_missing)
err(lambda: list(Counter({"a": 1.5}).elements()))
err(lambda: Counter.fromkeys("ab"))
print(Counter("abracadabra").most_common(0), Counter("abracadabra").most_common(2))

# fromkeys and | keep the dict subclass
print(defaultdict.fromkeys("ab"), defaultdict(int).fromkeys("xy", 0), OrderedDict.fromkeys("ab", 1))
dd = defaultdict(list, a=[1])
for merged in (dd | {"b": 2}, {"a": 1} | dd, defaultdict(int) | defaultdict(list),
               Counter(a=1) | {"a": 2, "b": 3}, {"a": 2} | Counter(a=1), OrderedDict(a=1) | {"b": 2}):
    print(type(merged).__name__, merged)
err(lambda: defaultdict.fromkeys())
