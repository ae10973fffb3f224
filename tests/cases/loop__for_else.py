def find(items, target):
    for i, item in enumerate(items):
        if item == target:
            print("found", target, "at", i)
            break
    else:
        print(target, "not found")

find([4, 8, 15], 8)
find([4, 8, 15], 16)
find([], 1)
for n in range(2, 12):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, "is prime")
