# expect: 4:27 arg-type summarize() argument 'text' must be str, not Order
orders = list_orders("acme")
first = orders[0]
summary = await summarize(first)
print(summary)
