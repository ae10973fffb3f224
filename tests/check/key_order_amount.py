# expect: 3:14 key-unknown 'amount' is not a key of Order
for order in list_orders("initech", status="open"):
    if order["amount"] > 1000:
        print("big order", order["id"])
