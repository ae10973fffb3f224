flags = [True, True, False]
count = sum(flags)
print(count)
count > 1 and "many"
