# the empty tuple and the empty str are singletons, as in CPython
empty_t = ()
one = (1,)
two = (1, 2)
zero = 0
print(empty_t is tuple(), tuple([]) is empty_t, one[1:] is empty_t,
      two * zero is empty_t, tuple(x for x in []) is empty_t)
empty = ''
x, abc, ab = 'x', 'abc', 'ab'
print(''.join([]) is empty, empty.strip() is empty, empty[:] is empty, empty.lower() is empty,
      x * zero is empty, empty + empty is empty, abc[5:] is empty, str() is empty,
      ab.replace(ab, empty) is empty)
