# a task may be awaited many times; its result (or exception) is kept
import asyncio

runs = 0

async def expensive():
    global runs
    runs += 1
    await asyncio.sleep(0.01)
    return {"value": 42}

async def broken():
    await asyncio.sleep(0)
    raise KeyError("gone")

async def main():
    t = asyncio.create_task(expensive())
    a = await t
    b = await t
    print(a, b, a is b, runs)
    both = await asyncio.gather(t, t)
    print(both, runs)
    bad = asyncio.create_task(broken())
    for i in range(2):
        try:
            await bad
        except KeyError as e:
            print("attempt", i, "KeyError", e)
    print(bad.done(), type(bad.exception()).__name__)

asyncio.run(main())
