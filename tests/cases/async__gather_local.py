import asyncio

async def work(n):
    await asyncio.sleep(0)
    return n * 2

async def boom():
    raise ValueError("bad")

async def main():
    r = await asyncio.gather(work(1), work(2), work(3))
    t = asyncio.create_task(work(10))
    print(r, await t, await work(5))
    try:
        await asyncio.gather(boom(), work(1))
    except ValueError as e:
        print("caught", e)
    res = await asyncio.gather(boom(), work(2), return_exceptions=True)
    print(res)
    return "done"

print(asyncio.run(main()))
