# a failed sequence repetition names the count operand: the right one when
# the left operand repeats (str, bytes, list, tuple, namedtuple, deque)
from collections import deque, namedtuple
Point = namedtuple('Point', ['x'])
class BadCount:
    pass
def multiply_error(left, right):
    try:
        left * right
        return 'no error'
    except TypeError as exc:
        return str(exc)
seqs = ['ab', b'ab', [1], (1,), Point(1), deque([1])]
for s in seqs:
    for c in [1.5, None, {}, range(2), 1j, BadCount()]:
        print(multiply_error(s, c), '|', multiply_error(c, s))
        try:
            x = s
            x *= c
        except TypeError as e:
            print(' aug', e)
for l in seqs:
    print([multiply_error(l, r) for r in seqs])
p = Point(1)
print(p * 2, 2 * p, type(p * 2).__name__)


class Two:
    def __index__(self):
        return 2


print(p * Two(), b'ab' * Two(), deque([1]) * Two())
print(Two() * p, Two() * b'ab', 'a' * Two(), [0] * Two(), Two() * deque([2]))
x = bytearray(b'z')
x *= Two()
print(x)
