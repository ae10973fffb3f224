# expect: 2:19 call-keyword get_order() got an unexpected keyword argument 'id'
order = get_order(id="A-17")
if order is not None:
    print(order["total"])
