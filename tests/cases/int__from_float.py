print(int(3.9), int(-3.9), int(0.9999), int(-0.5))
print(int(1e20), int(-2.5e10))
print(int(123456789.987654321))
print(int(True), int(False))
print(int(2 ** 0.5 * 1000))
print(int(1e100))
print(int(7.0) == 7, type(int(7.0)).__name__)
try:
    int(float("nan"))
except ValueError as e:
    print("ValueError:", e)
try:
    int(float("-inf"))
except OverflowError as e:
    print("OverflowError:", e)
