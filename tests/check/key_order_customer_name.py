# expect: 3:19 key-unknown 'customer_name' is not a key of Order
orders = list_orders("acme")
names = sorted({o["customer_name"] for o in orders})
print(names)
