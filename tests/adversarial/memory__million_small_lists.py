# expect: ok
# CPython needs about 64 MB for this; the cap is 256 MiB.
x = [[] for _ in range(10**6)]
print(len(x))
