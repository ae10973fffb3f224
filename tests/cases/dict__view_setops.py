# set operators of keys and items views take any iterable on either side;
# `&` walks the other operand and never hashes an items view's values
d = {'a': 1, 'b': 2, 'c': 3}
print(sorted(d.keys() & {'b', 'c', 'x'}), sorted(d.keys() & ('b', 'x', 'a')),
      sorted(d.keys() & iter(['c', 'c', 'a'])), type(d.keys() & {'a'}).__name__)
print(sorted(d.keys() | ('c', 'd')), sorted(['c', 'd'] | d.keys()), sorted(d.keys() ^ ('b', 'd', 'e')),
      sorted(['b', 'd', 'e'] ^ d.keys()), sorted(d.keys() - ('b', 'd')), sorted(['b', 'd'] - d.keys()))
items = {'a': 1, 'b': 2}
print(items.items() & [('a', 1), ('x', 9)], [('a', 1), ('x', 9)] & items.items(),
      sorted(items.items() | [('c', 3)]), sorted(items.items() ^ [('a', 1), ('c', 3)]),
      items.items() - [('a', 1)], [('a', 1), ('c', 3)] - items.items())
print(d.keys().isdisjoint(['x', 'y']), d.keys().isdisjoint(iter(['x', 'a'])),
      items.items().isdisjoint([('x', 1)]), items.items().isdisjoint(iter([('a', 1)])),
      d.keys().isdisjoint(d.keys()), {}.keys().isdisjoint({}.keys()), d.keys().isdisjoint({'q'}))

unhashable_values = {'k': [1]}
print(unhashable_values.items() & [], [] & unhashable_values.items(),
      unhashable_values.items() & [('x', 1), 'x', ('k',)])
for f in (lambda: unhashable_values.items() & 1, lambda: 1 & unhashable_values.items(),
          lambda: 1 | unhashable_values.items(), lambda: 1 - unhashable_values.items(),
          lambda: unhashable_values.items() | 1, lambda: unhashable_values.items() - [1],
          lambda: {'a': 1}.values() & [1], lambda: {'a': 1}.values().isdisjoint([1])):
    try:
        f()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, 'unhashable' in str(e) or str(e))
v = d.keys()
v |= {'z'}
print(type(v).__name__, sorted(v))
