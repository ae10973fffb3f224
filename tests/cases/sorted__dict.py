stock = {"pear": 5, "apple": 12, "fig": 0, "kiwi": 7}
print(sorted(stock))
print(sorted(stock.values()))
print(sorted(stock.items()))
print(sorted(stock, key=stock.get))
print(sorted(stock.items(), key=lambda kv: kv[1], reverse=True)[:2])
print({k: stock[k] for k in sorted(stock)})
