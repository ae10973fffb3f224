# expect: 4:20 operator-type 'NoneType' object is not subscriptable
order = get_order("A-17")
if order is None:
    print("order", order["id"], "was not found")
else:
    print(f"{order['id']}: {order['total']:.2f}")
