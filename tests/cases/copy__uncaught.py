import copy
data = {"k": [1, 2]}
clone = copy.deepcopy(data)
clone["k"].append(3)
print(data, clone)
try:
    copy.deepcopy(copy)
except TypeError as e:
    print("TypeError:", e)
clone["missing"]
