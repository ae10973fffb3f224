def describe(name, age, city):
    return f"{name} ({age}) from {city}"

print(describe("Ann", 30, "Oslo"))
print(describe(city="Rome", name="Bob", age=41))
print(describe("Cy", city="Lima", age=22))
def power(base, exp=2):
    return base ** exp
print(power(3), power(3, 3), power(exp=0, base=9), power(base=2))
