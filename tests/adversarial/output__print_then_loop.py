# expect: limit time
# limits: timeout=2
print('started')
while True:
    pass
