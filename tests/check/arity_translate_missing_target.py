# expect: 3:11 call-arity translate() missing 1 required positional argument: 'target'
note = read_file("/data/note.txt")
english = translate(note)
print(english)
