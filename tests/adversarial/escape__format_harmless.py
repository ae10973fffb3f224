# expect: ok
s = '{0.__class__.__name__}|{0.real}|{1[0]}'.format(5, [7])
print(s)
assert s == 'int|5|7'
