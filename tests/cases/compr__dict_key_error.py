prices = {"apple": 1.5, "pear": 2.0}
order = ["apple", "pear", "mango"]
print({item: prices[item] for item in order[:2]})
print({item: prices[item] for item in order})
