# expect: limit fuel
# limits: fuel=1000000000
while True:
    pass
