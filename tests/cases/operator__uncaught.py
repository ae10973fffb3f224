from operator import itemgetter
get = itemgetter(2)
print(get([10, 20, 30]))
print(get([10, 20]))
