# expect: 3:17 key-unknown 'totl' is not a key of Order. Did you mean: 'total'?
orders = list_orders("acme")
revenue = sum(o["totl"] for o in orders)
print(revenue)
