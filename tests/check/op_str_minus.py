# expect: 4:8 operator-type unsupported operand type(s) for -: 'str' and 'str'
page = read_file("/data/page.txt")
header = read_file("/data/header.txt")
body = page - header
print(body)
