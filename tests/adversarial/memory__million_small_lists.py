# expect: ok
# known-failure: limit memory already at ~600 000 empty lists (~400 bytes each)
# CPython needs about 64 MB for this; the cap is 256 MiB.
x = [[] for _ in range(10**6)]
print(len(x))
