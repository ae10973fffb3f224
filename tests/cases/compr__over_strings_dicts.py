inventory = {"apples": 3, "pears": 0, "plums": 7}
print([name for name, qty in inventory.items() if qty])
print(sum([qty for qty in inventory.values()]))
print([k for k in inventory if k.startswith("p")])
text = "Hello World"
print([c for c in text if c.isupper()])
print("".join([c.lower() if c.isupper() else c.upper() for c in text]))
print([(i, c) for i, c in enumerate("abc") if i != 1])
