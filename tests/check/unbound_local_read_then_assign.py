# expect: 5:28 used-before-assignment cannot access local variable 'total' where it is not associated with a value
total = 0.0

def add_order(order):
    print("running total", total)
    total = order["total"]
    return total

for order in list_orders("acme"):
    add_order(order)
