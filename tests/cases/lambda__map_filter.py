nums = [1, 2, 3, 4, 5, 6]
print(list(map(lambda n: n * 10, nums)))
print(list(filter(lambda n: n % 2 == 0, nums)))
print(list(map(lambda a, b: a * b, nums, [10, 100, 1000])))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])))
print(sum(map(lambda n: n ** 2, filter(lambda n: n > 3, nums))))
print(list(map(str, nums)), list(map(int, ["7", "-8"])))
