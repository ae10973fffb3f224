items = []
print(len(items))
bool(items)
