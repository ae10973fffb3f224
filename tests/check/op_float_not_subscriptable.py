# expect: 3:7 operator-type 'float' object is not subscriptable
price = get_stock_price("NVDA")
print(price["close"])
