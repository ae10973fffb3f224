# expect: 3:9 undefined-name name 'datetime' is not defined. Did you forget to import 'datetime'?
orders = list_orders("globex", status="open")
stamp = datetime.now().isoformat()
for order in orders:
    print(stamp, order["id"], order["total"])
