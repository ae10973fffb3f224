count = 3
for i in range(count):
    print(i)
for i in count:
    print(i)
