# expect: 2:37 call-arity read_file() takes 1 positional argument but 2 were given
text = read_file("/data/notes.txt", "utf-8")
print(count_words(text))
