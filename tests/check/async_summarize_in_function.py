# expect: 5:9 async-not-awaited coroutine 'summarize' was never awaited
async def digest(urls):
    for url in urls:
        text = await fetch_page(url)
        summarize(text, max_words=50)
    return len(urls)

await digest(["https://example.com"])
