# expect: 3:23 arg-type get_stock_price() argument 'symbol' must be str, not float
price = get_temperature("Oslo")
print(get_stock_price(price))
