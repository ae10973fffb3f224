n = 6
triples = [(a, b, c) for a in range(1, 20) for b in range(a, 20) for c in range(b, 30) if a * a + b * b == c * c]
print(triples)
primes = [p for p in range(2, 60) if all([p % d for d in range(2, p)])]
print(primes)
print(sum([i * j for i in range(n) for j in range(n) if i != j]))
