# expect: 5:15 attr-unknown module 'asyncio' has no attribute 'gahter'. Did you mean: 'gather'?
import asyncio

urls = ["https://a.example", "https://b.example"]
pages = await asyncio.gahter(*[fetch_page(u) for u in urls])
print([len(p) for p in pages])
