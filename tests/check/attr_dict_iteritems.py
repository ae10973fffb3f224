# expect: 5:18 attr-unknown 'dict' object has no attribute 'iteritems'
counts = {}
for order in list_orders("acme"):
    counts[order["status"]] = counts.get(order["status"], 0) + 1
for status, n in counts.iteritems():
    print(status, n)
