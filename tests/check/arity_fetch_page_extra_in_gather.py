# expect: 5:51 call-arity fetch_page() takes from 1 to 2 positional arguments but 3 were given
import asyncio

urls = ["https://a.example", "https://b.example"]
pages = await asyncio.gather(*[fetch_page(u, 5.0, True) for u in urls])
print([len(p) for p in pages])
