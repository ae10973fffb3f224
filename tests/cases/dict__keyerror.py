inventory = {"apples": 3, "pears": 0}
for item in ["apples", "pears"]:
    print(item, inventory[item])
print(inventory["bananas"])
