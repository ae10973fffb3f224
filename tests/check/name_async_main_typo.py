# expect: 6:36 undefined-name name 'fetch_pages' is not defined. Did you mean: 'fetch_page'?
import asyncio

async def main():
    urls = ["https://a.example", "https://b.example"]
    pages = await asyncio.gather(*(fetch_pages(u) for u in urls))
    for url, page in zip(urls, pages):
        print(url, len(page))

await main()
