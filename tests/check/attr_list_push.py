# expect: 4:5 attr-unknown 'list' object has no attribute 'push'
urls = []
for hit in search("rust wasm"):
    urls.push(hit["url"])
print(urls)
