# async and sync tools called with keyword arguments and unpacked dicts
import asyncio

async def main():
    a = await async_fetch(key="by-keyword")
    b = await async_page(cursor=8, page_size=2)
    opts = {"cursor": 2, "page_size": 1}
    c = await async_page(**opts)
    d = await async_flaky("k", attempt=3, fails=2)
    print(a, [i["sku"] for i in b["items"]], b["next"], c["items"][0]["sku"], d)
    args = ("sync", 5)
    print(search(*args), list_items(page_size=2, cursor=10))
    try:
        await async_flaky(key="k", attempt=1)
    except TimeoutError as e:
        print("TimeoutError", e)

asyncio.run(main())
