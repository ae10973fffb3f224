# The shape of a code-mode program: async tools gathered, awaited results.
import asyncio


async def fetch_all(urls):
    pages = await asyncio.gather(*(fetch(u) for u in urls))
    return {u: len(p) for u, p in zip(urls, pages)}


result = asyncio.run(fetch_all(["a", "b"]))
