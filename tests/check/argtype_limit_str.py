# expect: 2:35 arg-type search() argument 'limit' must be int, not str
hits = search("best pizza", limit="10")
print(hits)
