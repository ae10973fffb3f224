print(max(1, 1.0), max(1.0, 1), min(0, False), min(False, 0))
print(max(True, 1), max(2, 2.0, 1))
print(max([1, 2 ** 70, 1e20]), min([-(2 ** 70), -1e20]))
print(max([float("inf"), 10 ** 30]), min([10 ** 30, float("-inf")]))
