# expect: 3:7 used-before-assignment name 'summarize_orders' is not defined
orders = list_orders("umbrella")
print(summarize_orders(orders))

def summarize_orders(orders):
    return f"{len(orders)} orders, {sum(o['total'] for o in orders):.2f} total"
