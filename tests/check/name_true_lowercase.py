# expect: 6:14 undefined-name name 'true' is not defined. Did you mean: 'True'?
def should_notify(order):
    return order["total"] > 100

orders = list_orders("acme")
notify_all = true
for order in orders:
    if notify_all or should_notify(order):
        send_email(["ops@example.com"], "Big order", order["id"])
