# expect: 3:29 attr-unknown 'dict' object has no attribute 'total'. Did you mean: ['total']?
orders = list_orders("acme")
big = [o for o in orders if o.total > 100]
print(len(big))
