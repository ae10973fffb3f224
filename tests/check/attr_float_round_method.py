# expect: 3:7 attr-unknown 'float' object has no attribute 'round'
temp = get_temperature("Oslo")
print(temp.round(1))
