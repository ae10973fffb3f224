# Async generators, async for/with and async comprehensions around tool
# calls: each awaited tool pauses inside the generator's or manager's frame.
import asyncio


async def pages(page_size):
    cursor = 0
    while cursor is not None:
        page = await async_page(cursor, page_size)
        for item in page["items"]:
            yield item
        cursor = page["next"]


class Session:
    def __init__(self, name):
        self.name = name
        self.log = []

    async def __aenter__(self):
        self.log.append(await async_fetch(f"open-{self.name}"))
        return self

    async def __aexit__(self, et, exc, tb):
        self.log.append(await async_fetch(f"close-{self.name}"))
        if et is ValueError:
            print("session swallowed:", exc)
            return True
        return False


async def scored(names):
    for n in names:
        yield n, await async_score(n)


async def main():
    skus = []
    async for item in pages(3):
        if item["stock"] == 0:
            continue
        skus.append(item["sku"])
    print(skus)
    cheap = [i["sku"] async for i in pages(5) if i["price"] < 20]
    print(cheap)
    async with Session("s1") as s:
        keys = [(await async_fetch(k))["size"] for k in ["a", "bb", "ccc"]]
        print(keys)
    print([d["key"] for d in s.log])
    async with Session("s2") as s2:
        raise ValueError(await async_score("boom"))
    print([d["key"] for d in s2.log])
    totals = {name: score async for name, score in scored(["ada", "bob", "cy"])}
    print(totals)
    gen = pages(4)
    first = await gen.__anext__()
    second = await anext(gen)
    print(first["sku"], second["sku"])
    await gen.aclose()
    try:
        await anext(gen)
    except StopAsyncIteration:
        print("closed generator is exhausted")
    print(await anext(gen, "fallback"))
    async def first_of(k):
        return await anext(pages(k))
    results = await asyncio.gather(*[first_of(k) for k in (1, 2)])
    print([r["sku"] for r in results])


asyncio.run(main())
