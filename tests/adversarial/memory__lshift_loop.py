# expect: limit memory
# max-seconds: 2
x = 1
while True:
    x <<= 10**6
    x = x << x.bit_length()
