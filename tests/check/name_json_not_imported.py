# expect: 4:7 undefined-name name 'json' is not defined. Did you forget to import 'json'?
orders = list_orders("acme")
summary = {"count": len(orders), "total": sum(o["total"] for o in orders)}
print(json.dumps(summary, indent=2))
