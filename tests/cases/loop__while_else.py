n = 0
while n < 3:
    print("n =", n)
    n += 1
else:
    print("while finished normally")
n = 0
while n < 10:
    if n == 2:
        print("breaking at", n)
        break
    n += 1
else:
    print("not printed")
while False:
    pass
else:
    print("else of an empty while")
