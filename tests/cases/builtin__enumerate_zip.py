print(list(enumerate("abc")))
print(list(enumerate(["x", "y"], start=1)), list(enumerate([], 5)))
print(list(enumerate("ab", -1)))
print(list(zip([1, 2, 3], "ab")))
print(list(zip("abc", range(3), [True, False, None])))
print(list(zip()), list(zip([1])), list(zip([], [1])))
names = ["ann", "bob"]
ages = [31, 25]
for i, (n, a) in enumerate(zip(names, ages)):
    print(i, n, a)
print(dict(zip(names, ages)))
pairs = [(1, "a"), (2, "b")]
nums, letters = zip(*pairs)
print(nums, letters)
