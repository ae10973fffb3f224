# expect: 2:35 call-keyword search() got an unexpected keyword argument 'max_results'
hits = search("vector databases", max_results=3)
print([h["url"] for h in hits])
