print("first")
print("last statement is a print call")
