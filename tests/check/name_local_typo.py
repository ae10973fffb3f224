# expect: 4:15 undefined-name name 'total_amount' is not defined. Did you mean: 'total_amounts'?
orders = list_orders("initech")
total_amounts = [o["total"] for o in orders]
average = sum(total_amount) / len(orders)
print(f"Average order: {average:.2f}")
