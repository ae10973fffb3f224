# expect: 3:7 operator-type can't multiply sequence by non-int of type 'float'
ratio = get_temperature("Oslo") / 40
bar = "#" * ratio
print(bar)
