ages = {"ann": 31, "bob": 25, "cy": 40}
for name in ages:
    print(name, end=" ")
print()
for name, age in ages.items():
    print(f"{name}:{age}")
for age in ages.values():
    print(age * 2, end=",")
print()
for name in sorted(ages, key=ages.get):
    print(name)
oldest = ""
for name, age in ages.items():
    if not oldest or age > ages[oldest]:
        oldest = name
print("oldest", oldest)
