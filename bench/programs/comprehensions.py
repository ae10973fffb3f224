# Lists and comprehensions: list/set/dict comprehensions, slicing, tuples, zip.
n = 400000
squares = [i * i for i in range(n)]
evens = [x for x in squares if x % 2 == 0]
pairs = list(zip(squares[::2], squares[1::2]))
sums = [a + b for a, b in pairs]
uniq = {x % 1009 for x in squares}
inv = {x % 5000: i for i, x in enumerate(squares[:200000])}
matrix = [[i * j for j in range(60)] for i in range(3000)]
flat = [v for row in matrix for v in row if v % 3]
total = sum(evens) % 1000003 + sum(sums) % 1000003 + len(uniq) + sum(inv.values()) + len(flat)
total += sum(reversed(squares[-100:])) + max(sums) % 99991
print("checksum", total)
