total = 0
calls = 0

def add(n):
    global total, calls
    total += n
    calls += 1

for i in range(5):
    add(i)
print(total, calls)

def make_global():
    global created
    created = "made in function"

make_global()
print(created)

def read_only():
    return total * 2
print(read_only())
