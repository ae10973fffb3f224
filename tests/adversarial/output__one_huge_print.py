# expect: limit output
print('x' * 5 * 10**7)
