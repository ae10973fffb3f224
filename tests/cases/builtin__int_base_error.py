print(int("17", 8))
print(int("ff", 16))
print(int("9", 8))
