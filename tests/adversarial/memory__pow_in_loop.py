# expect: limit time
# limits: timeout=2
# Each step is allowed (far below the memory cap) but slower than the last.
x = 3
while True:
    x = x ** 3
