# expect: 5:20 undefined-name name 'hit' is not defined. Did you mean: 'hits'?
hits = search("wasm runtimes", limit=3)
titles = [hit["title"] for hit in hits]
print(titles)
print("last url:", hit["url"])
