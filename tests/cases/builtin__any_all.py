print(any([]), all([]))
print(any([0, "", None]), any([0, 1]), all([1, "a", [0]]), all([1, 0]))
nums = [2, 4, 6, 7]
print(all([n % 2 == 0 for n in nums]), any([n > 6 for n in nums]))
print(any("abc"), all(""), all([[]]), any([[]]))
print(any({0: "a"}), all({1: 0}))
print(all(range(1, 5)), all(range(0, 5)))
