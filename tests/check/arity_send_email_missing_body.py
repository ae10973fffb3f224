# expect: 4:1 call-arity send_email() missing 1 required positional argument: 'body'
orders = list_orders("acme", status="open")
lines = [f"{o['id']}: {o['total']:.2f}" for o in orders]
send_email(["boss@example.com"], "Open orders")
print("\n".join(lines))
