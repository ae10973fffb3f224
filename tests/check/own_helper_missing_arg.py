# expect: 6:11 call-arity format_line() missing 1 required positional argument: 'currency'
def format_line(order, currency):
    return f"{order['id']}: {order['total']:.2f} {currency}"

for order in list_orders("acme"):
    print(format_line(order))
