# expect: 7:15 call-arity fetch_all() missing 1 required positional argument: 'timeout'
import asyncio

async def fetch_all(urls, timeout):
    return await asyncio.gather(*[fetch_page(u, timeout) for u in urls])

pages = await fetch_all(["https://a.example", "https://b.example"])
print(len(pages))
