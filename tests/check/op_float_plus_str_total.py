# expect: 4:8 operator-type unsupported operand type(s) for +: 'float' and 'str'
orders = list_orders("acme")
first = orders[0]
line = first["total"] + " EUR"
print(line)
