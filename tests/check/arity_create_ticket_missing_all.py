# expect: 4:14 call-arity create_ticket() missing 2 required positional arguments: 'title' and 'description'
order = get_order("A-1001")
if order is None:
    ticket = create_ticket(priority=1)
    print(ticket)
