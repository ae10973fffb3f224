def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct

print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet("Cy", punct="?"))
print(greet(greeting="Yo", name="Di"))

def append_to(item, target=[]):
    target.append(item)
    return target

print(append_to(1), append_to(2))
print(append_to(3, []))

def safe_append(item, target=None):
    if target is None:
        target = []
    target.append(item)
    return target

print(safe_append(1), safe_append(2))
counter = 10
def show(x=counter):
    return x
counter = 20
print(show())
