import asyncio

log = []

async def worker(name, n):
    for i in range(n):
        data = await async_fetch(f"{name}{i}")
        log.append(data["key"])
        await asyncio.sleep(0)
    return name

async def main():
    t1 = asyncio.create_task(worker("a", 2))
    t2 = asyncio.create_task(worker("b", 3))
    print(await t1, await t2)
    print(sorted(log))
    mixed = await asyncio.gather(worker("c", 1), asyncio.sleep(0, result="slept"))
    print(mixed)

asyncio.run(main())
