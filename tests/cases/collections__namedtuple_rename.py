from collections import namedtuple
R = namedtuple('R', ['def', 'x', 'x', '_y', '1a'], rename=True)
print(R._fields, R.__doc__, R(1, 2, 3, 4, 5))
P = namedtuple('P', 'a b')
print(P.__doc__, P(1, 2))
for args in [('T', ['a', 'a']), ('T', ['def']), ('class', ['a']), ('T', ['_a']), ('T', ['a-b'])]:
    try:
        namedtuple(*args)
    except ValueError as e:
        print(e)
D = namedtuple('D', 'a b c', defaults=[2, 3])
print(D._field_defaults, namedtuple('E', 'x')._field_defaults, D.__module__, D(1))
print(namedtuple('M', 'x', module='tools').__module__)
