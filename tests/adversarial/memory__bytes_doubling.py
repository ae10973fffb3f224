# expect: limit memory
b = b'x'
while True:
    b = b + b
