# expect: ok
c = ().__class__
assert c is tuple
assert type(c) is type
for name in ['__mro__', '__subclasses__', '__base__', '__bases__', '__dict__', '__globals__', '__code__']:
    assert not hasattr(c, name), name
print('nothing reachable')
