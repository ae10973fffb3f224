def check_sorted(values):
    for a, b in zip(values, values[1:]):
        assert a <= b, f"{a} > {b}"
    return True

print(check_sorted([1, 2, 2, 5]))
print(check_sorted([1, 3, 2]))
