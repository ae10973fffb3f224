import asyncio

async def lookup(key):
    info = await async_fetch(key)
    return f"{info['key']}:{info['size']}"

async def main():
    results = await asyncio.gather(lookup("alpha"), lookup("be"), async_fetch("gamma"))
    print(results)
    direct = await asyncio.gather(*[async_fetch(k) for k in ["x", "yy"]])
    print([d["size"] for d in direct])
    return len(results)

print(asyncio.run(main()))
