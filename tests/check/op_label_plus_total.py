# expect: 3:9 operator-type can only concatenate str (not "float") to str
order = list_orders("acme")[0]
label = f"Order {order['id']}: " + order["total"]
print(label)
