# expect: 4:4 operator-type '>' not supported between instances of 'str' and 'float'
raw = read_file("/data/threshold.txt")
temp = get_temperature("Lima")
if raw > temp:
    print("below threshold")
