# expect: 3:12 await-outside-async 'await' outside async function
def load(url):
    page = await fetch_page(url)
    return page

print(load("https://example.com"))
