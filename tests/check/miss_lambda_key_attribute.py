# expect: 3:36 attr-unknown 'dict' object has no attribute 'total'. Did you mean: ['total']?
orders = list_orders("acme")
top = sorted(orders, key=lambda o: o.total, reverse=True)[:5]
print(top)
