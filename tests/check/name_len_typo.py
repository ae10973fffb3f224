# expect: 3:4 undefined-name name 'lenght' is not defined
hits = search("rust async runtimes", limit=10)
if lenght(hits) == 0:
    print("nothing found")
else:
    print(hits[0]["title"])
