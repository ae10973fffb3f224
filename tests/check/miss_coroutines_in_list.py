# expect: 6:11 async-not-awaited 'coroutine' object has no attribute 'upper'
pages = []
for url in ["https://a.example", "https://b.example"]:
    pages.append(fetch_page(url))
for page in pages:
    print(page.upper())
