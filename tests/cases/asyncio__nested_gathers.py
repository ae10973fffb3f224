# Gathers of gathers, a few hundred deep: each level wraps the one below.
import asyncio


async def one(n):
    return n


async def main():
    g = asyncio.gather(one(1), one(2))
    for i in range(500):
        g = asyncio.gather(g, one(i))
    r = await g
    depth = 0
    while isinstance(r, list) and isinstance(r[0], list):
        depth += 1
        r = r[0]
    print(depth, r)


asyncio.run(main())
