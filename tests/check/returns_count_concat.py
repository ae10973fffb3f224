# expect: 9:7 operator-type can only concatenate str (not "int") to str
def total_items(orders):
    n = 0
    for o in orders:
        n += len(o["items"])
    return n

orders = list_orders("acme")
print("Items: " + total_items(orders))
