# expect: 3:7 async-not-awaited 'coroutine' object has no attribute 'upper'
page = fetch_page("https://example.com")
print(page.upper())
