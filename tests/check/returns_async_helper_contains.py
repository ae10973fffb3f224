# expect: 8:4 attr-unknown 'str' object has no attribute 'contains'
async def page_title(url):
    html = await fetch_page(url)
    return html.split("<title>")[1].split("</title>")[0].strip()

title = await page_title("https://example.com")
print(title)
if title.contains("Example"):
    print("found the example page")
