# page through a catalog with an async tool, stopping early once enough is found
import asyncio

async def find_cheap(limit_price, wanted):
    found, cursor, calls = [], 0, 0
    while cursor is not None and len(found) < wanted:
        page = await async_page(cursor)
        calls += 1
        found += [i for i in page["items"] if i["price"] < limit_price]
        cursor = page["next"]
    return found[:wanted], calls

async def main():
    for limit, wanted in [(12, 2), (100, 20), (5, 1)]:
        items, calls = await find_cheap(limit, wanted)
        print(limit, wanted, calls, [i["sku"] for i in items])
    sizes = await asyncio.gather(*(async_page(c, 5) for c in range(0, 11, 5)))
    print([len(p["items"]) for p in sizes], [p["next"] for p in sizes])

asyncio.run(main())
