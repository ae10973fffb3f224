# expect: 3:10 operator-type 'int' object is not iterable
n = count_words(read_file("/data/essay.txt"))
for i in n:
    print(i)
