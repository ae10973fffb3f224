# expect: 5:52 call-arity is_big() takes 1 positional argument but 2 were given
def is_big(order):
    return order["total"] > 500

big = [o for o in list_orders("acme") if is_big(o, 500)]
print(len(big))
