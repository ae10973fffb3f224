import asyncio


async def job():
    return 7


async def main():
    c = job()
    g1 = asyncio.gather(c)
    g2 = asyncio.gather(c)
    try:
        await asyncio.gather(g1, g2)
    except RuntimeError as e:
        print('RuntimeError', e)
    c2 = job()
    first = asyncio.gather(c2)
    print(await first, await first)
    try:
        await c2
    except RuntimeError as e:
        print('RuntimeError', e)
    print(await asyncio.gather(job(), job()))
    print(await asyncio.sleep(-1, 'neg'))
    for bad in ['a', float('nan')]:
        try:
            await asyncio.sleep(bad)
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)


asyncio.run(main())
