# expect: 2:1 await-not-async object NoneType can't be used in 'await' expression
await write_file("/tmp/out.txt", "done")
print("written")
