# expect: 4:5 async-not-awaited coroutine 'fetch_page' was never awaited
urls = ["https://example.com/a", "https://example.com/b"]
for url in urls:
    fetch_page(url)
print("fetched", len(urls), "pages")
