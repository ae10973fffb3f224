# expect: limit fuel|time
# slow
# max-seconds: 32
# With the full default limits: fuel (5e10) or the 30 s deadline stops it,
# whichever comes first on this machine.
while True:
    pass
