# expect: exception RecursionError
# The host caps the depth; the program cannot raise it.
import sys
sys.setrecursionlimit(10**6)

def f(n):
    return f(n + 1)

f(0)
