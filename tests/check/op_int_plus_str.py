# expect: 3:7 operator-type unsupported operand type(s) for +: 'int' and 'str'
words = count_words(read_file("/data/essay.txt"))
print(words + " words")
