# expect: ok
# Freeing a very deep structure must not overflow the native stack.
x = []
for _ in range(300000):
    x = [x]
x = None
print("freed")
