# dataclasses and namedtuple functions: their argument errors, as CPython words them.
from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass
from collections import namedtuple
@dataclass
class P:
    x: int
    y: int = 0
p = P(1)
for f in [lambda: fields(), lambda: fields(p, 1), lambda: is_dataclass(), lambda: asdict(p, 1), lambda: replace(p, 1), lambda: replace(p, z=1), lambda: field(1), lambda: field(defaultt=1), lambda: dataclass(frozn=True), lambda: asdict(1), lambda: fields(1)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
N = namedtuple('N', 'a b')
n = N(1, 2)
for f in [lambda: namedtuple('X'), lambda: namedtuple('X', 'a', 1), lambda: namedtuple('X', 'a', renam=True), lambda: N._make([1])]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
print(replace(p, y=5), asdict(p), astuple(p), N._make([3, 4]), n._replace(b=9), n._asdict())
