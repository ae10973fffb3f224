# expect: 4:10 undefined-name name 'math' is not defined. Did you forget to import 'math'?
prices = [get_stock_price(s) for s in ["AAPL", "MSFT", "GOOG"]]
mean = sum(prices) / len(prices)
spread = math.sqrt(sum((p - mean) ** 2 for p in prices) / len(prices))
print(round(spread, 2))
