# underscores after a base prefix, and out-of-range bases
for args in [("0x_ff", 16), ("0x_ff", 0), ("_ff", 16), ("0_7", 0), ("0b_1", 2), ("0o_7", 8), ("1_0", 10), ("1", 10**20), (5, 1)]:
    try:
        print(args, int(*args))
    except (ValueError, TypeError) as e:
        print(args, type(e).__name__, e)
print(len(str(10**4299)), len(repr(10**4300 - 1)), len(str(-(10**4300 - 1))))
try:
    str(10**4300)
except ValueError as e:
    print("ValueError", str(e)[:50])
