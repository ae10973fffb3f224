# expect: 6:28 undefined-name name 'format_price' is not defined
def describe(order):
    return f"{order['id']}: {order['customer']}"

for order in list_orders("acme"):
    print(describe(order), format_price(order["total"]))
