# expect: 3:10 call-arity convert_currency() missing 2 required positional arguments: 'from_currency' and 'to_currency'
price = get_stock_price("SAP")
in_usd = convert_currency(price)
print(f"SAP: {in_usd:.2f} USD")
