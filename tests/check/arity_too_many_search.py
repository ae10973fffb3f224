# expect: 2:35 call-arity search() takes from 1 to 2 positional arguments but 3 were given
hits = search("llm sandboxes", 5, True)
for h in hits:
    print(h["title"], h["url"])
