# A native class's object is named by its dotted type name in AttributeError;
# an lru_cache wrapper copies as itself, a partial as a new partial.
import copy
import functools

kw = functools.partial(print, k=1)
try:
    kw.bogus
except AttributeError as e:
    print(e)


@functools.lru_cache
def double(x):
    return 2 * x


for attr in ['store', 'bogus']:
    try:
        getattr(double, attr)
    except AttributeError as e:
        print(e)
print(copy.copy(double) is double, copy.deepcopy(double) is double)
p = functools.partial(int, '12')
print(copy.copy(p) is p, copy.copy(p)())
