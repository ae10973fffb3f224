# expect: 5:9 attr-unknown 'list' object has no attribute 'add'
seen = []
for order in list_orders("acme"):
    if order["customer"] not in seen:
        seen.add(order["customer"])
print(seen)
