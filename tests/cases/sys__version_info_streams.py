import sys

vi = sys.version_info
print(len(vi), vi[0] == vi.major, vi[:2] == (vi.major, vi.minor), type(vi[:2]) is tuple)
t = tuple(vi)
print(vi == t, t == vi, vi != (3,), vi.releaselevel in vi, vi + (1,) == t + (1,))
print(vi.__getnewargs__() == (t,), hash(vi) == hash(t))
try:
    vi.foobar
except AttributeError as e:
    print(e)
try:
    vi._asdict
except AttributeError as e:
    print(e)
print(str(type(sys.stdout)), str(type(sys.stderr)))
n = sys.stdout.write('written\n')
print(n)
print('to stdout', file=sys.stdout)
