n = 10
n += 5
n -= 3
n *= 4
n //= 5
n %= 7
n **= 3
print(n)
bits = 0b1010
bits |= 0b0101
bits &= 0b1100
bits ^= 0b0110
bits <<= 2
bits >>= 1
print(bits)
values = [1, 2, 3]
values[0] += 10
values[-1] *= 2
values[1] -= 5
print(values)
counts = {"a": 1}
counts["a"] += 1
counts["b"] = counts.get("b", 0) + 7
counts["b"] //= 2
print(counts)
grid = [[0, 0], [0, 0]]
grid[1][0] += 3
grid[1][0] **= 2
print(grid)
nested = {"k": [1, 2]}
nested["k"][1] += 40
print(nested)
s = "ab"
s += "cd"
s *= 2
print(s)
