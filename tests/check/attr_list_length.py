# expect: 3:16 attr-unknown 'list' object has no attribute 'length'
orders = list_orders("acme")
print("Found", orders.length, "orders")
