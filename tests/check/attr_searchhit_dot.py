# expect: 4:11 attr-unknown 'dict' object has no attribute 'url'. Did you mean: ['url']?
hits = search("monty sandbox")
for hit in hits:
    print(hit.url)
