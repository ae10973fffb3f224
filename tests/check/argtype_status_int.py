# expect: 2:42 arg-type list_orders() argument 'status' must be str | None, not int
open_orders = list_orders("acme", status=1)
print(len(open_orders))
