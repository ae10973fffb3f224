def guarded(x):
    try:
        return add(x, 10)
    finally:
        print("cleanup", x)

print(guarded(1))
try:
    try:
        fail("deep")
    finally:
        print("finally ran")
except ValueError as e:
    print("outer caught", e)
