# expect: limit output
print(*range(3 * 10**6))
