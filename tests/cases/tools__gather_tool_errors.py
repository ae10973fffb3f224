# errors raised by async tools inside gathered tasks, collected with return_exceptions
import asyncio

async def safe_fetch(key):
    if key.startswith("!"):
        return await async_fail(f"refused {key[1:]}")
    return (await async_fetch(key))["size"]

async def main():
    keys = ["alpha", "!beta", "gamma", "!delta", "eps"]
    results = await asyncio.gather(*map(safe_fetch, keys), return_exceptions=True)
    good = {k: r for k, r in zip(keys, results) if not isinstance(r, Exception)}
    bad = {k: f"{type(r).__name__}: {r}" for k, r in zip(keys, results) if isinstance(r, Exception)}
    print("good", good)
    print("bad ", bad)
    try:
        await asyncio.gather(*map(safe_fetch, keys))
    except ValueError as e:
        print("without return_exceptions:", e)

asyncio.run(main())
