# expect: 4:14 operator-type can only concatenate str (not "float") to str
report = ""
for order in list_orders("acme"):
    report = report + order["total"]
print(report)
