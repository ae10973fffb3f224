# expect: 2:72 arg-type create_ticket() argument 'labels' must be list[str], not str
ticket = create_ticket("Refund", "Customer asked for a refund", labels="billing")
print(ticket["id"])
