# expect: 3:32 arg-type write_file() argument 'content' must be str, not dict[str, float]
totals = {o["id"]: o["total"] for o in list_orders("acme")}
write_file("/tmp/totals.json", totals)
