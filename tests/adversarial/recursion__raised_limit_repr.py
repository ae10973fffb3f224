# expect: exception RecursionError
import sys
sys.setrecursionlimit(10**6)

class A:
    def __repr__(self):
        return repr(self)

repr(A())
