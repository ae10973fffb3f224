import math

print(math.factorial(0), math.factorial(10), math.factorial(25))
print(len(str(math.factorial(500))), math.factorial(True))
print(math.gcd(), math.gcd(12), math.gcd(12, 18), math.gcd(-12, 18, 27), math.gcd(2**100, 6**50))
print(math.lcm(), math.lcm(4, 6), math.lcm(4, 6, 10), math.lcm(2**64, 3), math.lcm(5, 0))
print(math.isqrt(0), math.isqrt(15), math.isqrt(16), math.isqrt(10**40), math.isqrt(2**127 - 1))
print(math.comb(10, 3), math.comb(52, 5), math.comb(5, 7), math.comb(100, 50), math.comb(2**70, 2))
print(math.perm(5), math.perm(10, 3), math.perm(3, 5), math.perm(20, 20))
print(math.gcd(-9223372036854775808, 0), math.isqrt(9223372036854775807))
print(sum(math.comb(12, k) for k in range(13)) == 2**12)
