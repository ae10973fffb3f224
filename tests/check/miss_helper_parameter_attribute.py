# expect: 3:24 attr-unknown 'dict' object has no attribute 'total'. Did you mean: ['total']?
def show(order):
    print(order["id"], order.total)

for order in list_orders("acme"):
    show(order)
