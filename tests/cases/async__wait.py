import asyncio

async def job(name, delay, fail=False):
    await asyncio.sleep(delay)
    if fail:
        raise ValueError(name)
    return name

async def main():
    tasks = [asyncio.create_task(job(n, d)) for n, d in [("a", 0.3), ("b", 0.1), ("c", 0.2)]]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    print(sorted(t.result() for t in done), len(pending))
    done, pending = await asyncio.wait(pending)
    print(sorted(t.result() for t in done), pending)
    t1 = asyncio.create_task(job("x", 0.1, fail=True))
    t2 = asyncio.create_task(job("y", 0.5))
    done, pending = await asyncio.wait([t1, t2], return_when=asyncio.FIRST_EXCEPTION)
    print([type(t.exception()).__name__ for t in done], len(pending))
    done, pending = await asyncio.wait([t2], timeout=0.1)
    print(len(done), len(pending))
    done, pending = await asyncio.wait([t2], timeout=1)
    print([t.result() for t in done], len(pending))
    try:
        await asyncio.wait([])
    except ValueError as e:
        print(e)
    coro = job("z", 0)
    try:
        await asyncio.wait([coro])
    except TypeError as e:
        print(e)
    await coro
    print(asyncio.FIRST_COMPLETED, asyncio.ALL_COMPLETED)

asyncio.run(main())
