import asyncio

async def slow(x):
    try:
        await asyncio.sleep(10)
        return x
    finally:
        pass

async def fast(x):
    await asyncio.sleep(0.5)
    return x * 2

async def main():
    print(await asyncio.wait_for(fast(2), timeout=1))
    try:
        await asyncio.wait_for(slow(1), timeout=1)
    except TimeoutError as e:
        print('timeout', type(e).__name__, repr(e))
    t = asyncio.create_task(slow(5))
    try:
        await asyncio.wait_for(t, 0.1)
    except asyncio.TimeoutError:
        print('timeout2', t.done(), t.cancelled())
    print(await asyncio.wait_for(fast(3), None))
    r = await asyncio.gather(asyncio.sleep(1, 'a'), asyncio.sleep(0.5, 'b'))
    print(r)

asyncio.run(main())
