print(float("1.5"), float("  -2.25\n"), float("1e3"))
print(float("1_000.5"), float(".5"), float("5."))
print(float("-0"), float("+1E-2"))
print(float("inf"), float("-Infinity"))
print(float(3), float(-7), float(True))
print(float(10 ** 20))
for s in ["abc", "", "1.2.3", "1e", "--1"]:
    try:
        float(s)
    except ValueError as e:
        print("ValueError:", e)
