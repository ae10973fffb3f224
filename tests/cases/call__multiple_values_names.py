# "got multiple values for keyword argument" names the callable as CPython
# does: qualified by its class or module.
def f(**k): pass
class A:
    def m(self, **k): pass
    @classmethod
    def c(cls, **k): pass
    @staticmethod
    def s(**k): pass
import math, collections
for g in [f, A().m, A.m, A.c, A.s, [].sort, {}.update, print, len, math.floor, collections.deque, int, A, "".join, [].append]:
    try:
        g(a=1, **{'a': 2})
    except TypeError as e:
        print(e)
