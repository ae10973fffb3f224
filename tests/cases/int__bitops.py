a = 0b1100
b = 0b1010
print(a & b, a | b, a ^ b, ~a)
print(-12 & 10, -12 | 10, -12 ^ 10)
print(-1 & 255, -256 & 255)
print(~0, ~-5, ~(2 ** 64))
big = 2 ** 80 + 5
print(big & 0xFF, big | 1, big ^ big)
print(-big & 0xFFFF, -big | 0, -big ^ -1)
print((2 ** 100 - 1) & (2 ** 50 + 3))
print(0xF0 >> 4, 0x0F << 4)
print(True & False, True | False, True ^ True)
mask = 0
for bit in [0, 3, 5]:
    mask |= 1 << bit
print(mask, f"{mask:b}")
