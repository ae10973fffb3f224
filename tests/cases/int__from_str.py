print(int("42"), int("  42  "), int("\t-17\n"))
print(int("+8"), int("1_000_000"), int("0"))
print(int("ff", 16), int("FF", 16), int("-0x1f", 16))
print(int("101", 2), int("0b101", 0), int("0o17", 0), int("0x10", 0))
print(int("z", 36), int("Zz", 36), int("777", 8))
print(int("12345678901234567890123456789"))
print(int("-000123"), int("0_7"))
print(int(" 1_2 ", 10))
bad = ["12.5", "", "1__0", "_1", "0x10", "1 2", "abc"]
for s in bad:
    try:
        int(s)
    except ValueError as e:
        print("ValueError:", e)
