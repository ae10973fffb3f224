record = ("ann", 31)
name, age = record
print(name, age)
name, age, city = record
