# expect: 3:13 undefined-name name 'defaultdict' is not defined
orders = list_orders("acme", limit=100)
by_status = defaultdict(list)
for order in orders:
    by_status[order["status"]].append(order["id"])
print(dict(by_status))
