# expect: 2:12 await-not-async object str can't be used in 'await' expression
contents = await read_file("/data/input.txt")
print(count_words(contents))
