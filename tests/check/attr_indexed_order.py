# expect: 4:14 attr-unknown 'dict' object has no attribute 'customer'. Did you mean: ['customer']?
orders = list_orders("acme")
for i in range(len(orders)):
    print(i, orders[i].customer)
