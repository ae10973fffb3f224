# expect: 4:24 undefined-name name 'ordr' is not defined. Did you mean: 'order'?
orders = list_orders("acme")
for order in sorted(orders, key=lambda o: o["total"], reverse=True)[:3]:
    print(order["id"], ordr["customer"])
