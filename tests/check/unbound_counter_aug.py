# expect: 7:9 used-before-assignment cannot access local variable 'sent' where it is not associated with a value
sent = 0

def notify(order):
    if order["total"] > 500:
        send_email(["sales@example.com"], "Large order", order["id"])
        sent += 1

for order in list_orders("acme"):
    notify(order)
print(sent)
