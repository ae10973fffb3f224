# keys and items views order like sets against sets, frozensets and each other
a = {1}
k = {1: 'a'}.keys()
for x, y in [(a, k), (k, a), (k, k), (k, {1: 2, 3: 4}.keys()), (frozenset(a), k),
             ({1: 2}.items(), {(1, 2)}), ({(1, 2)}, {1: 2}.items()), ({1: []}.items(), {1: []}.items()),
             ({1: 2}.items(), {1: 2, 3: 4}.keys())]:
    print(x <= y, x < y, x >= y, x > y)
for x, y in [(k, [1]), ({1: 2}.values(), a), (a, {1: 2}.values())]:
    try:
        x <= y
    except TypeError as e:
        print(e)
# items membership compares the value (identity first)
nan = float('nan')
print((1, nan) in {1: nan}.items(), (1, 2) in {1: 2.0}.items(), ('a',) in {'a': 1}.items())
try:
    ([1], 'x') in {1: 'x'}.items()
except TypeError as e:
    print('unhashable type' in str(e))
