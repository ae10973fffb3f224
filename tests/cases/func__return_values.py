def nothing():
    return

def implicit():
    x = 1

def pair():
    return 1, 2

def early(n):
    if n > 0:
        return "positive"
    print("not positive")

print(nothing(), implicit(), pair())
a, b = pair()
print(a + b)
print(early(5), early(-5))
def nested_return():
    for i in range(10):
        for j in range(10):
            if i * j == 12:
                return i, j
print(nested_return())
