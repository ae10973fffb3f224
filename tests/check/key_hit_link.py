# expect: 3:12 key-unknown 'link' is not a key of SearchHit
hits = search("python release schedule", limit=3)
links = [h["link"] for h in hits]
print(links)
