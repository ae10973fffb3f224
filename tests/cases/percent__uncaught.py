values = (1, 2, 3)
print("%d-%d-%d" % values)
print("%d-%d" % values)
