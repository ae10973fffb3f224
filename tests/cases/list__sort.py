nums = [5, 2, 9, 1, 5, 6]
nums.sort()
print(nums)
nums.sort(reverse=True)
print(nums)
words = ["banana", "pie", "Apple", "kiwi", "fig"]
words.sort()
print(words)
words.sort(key=len)
print(words)
words.sort(key=lambda w: w.lower())
print(words)
words.sort(key=len, reverse=True)
print(words)
pairs = [(2, "b"), (1, "z"), (2, "a"), (1, "y")]
pairs.sort()
print(pairs)
pairs.sort(key=lambda p: p[1], reverse=True)
print(pairs)
mixed = [3, 1.5, True, -2]
mixed.sort()
print(mixed)
print([].sort())
