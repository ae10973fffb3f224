# expect: 4:7 operator-type unsupported operand type(s) for /: 'int' and 'str'
words = count_words(read_file("/data/a.txt"))
pages = read_file("/data/pages.txt")
print(words / pages)
