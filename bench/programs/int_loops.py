# Integer loops: nested while/for loops with arithmetic, modulo and bit ops.
total = 0
for i in range(600000):
    x = i
    x = (x * 31 + 7) % 1000003
    x ^= x >> 3
    total = (total + x) & 0xFFFFFFFF
j = 0
while j < 400000:
    total = (total * 3 + j) % 2147483647
    j += 1
print("checksum", total)
