# gathers nested inside gathers and inside coroutines
import asyncio

async def leaf(x):
    await asyncio.sleep(0.001 * (5 - x))
    return x * x

async def branch(xs):
    parts = await asyncio.gather(*[leaf(x) for x in xs])
    return sum(parts)

async def main():
    inner1 = asyncio.gather(leaf(1), leaf(2))
    inner2 = asyncio.gather(leaf(3), asyncio.gather(leaf(4), leaf(0)))
    outer = await asyncio.gather(inner1, inner2, branch([1, 2, 3]))
    print(outer)
    tree = await asyncio.gather(branch([1]), asyncio.gather(branch([2, 2]), branch([])))
    print(tree)
    total = sum(await asyncio.gather(*[branch(range(n)) for n in range(5)]))
    print("total", total)

asyncio.run(main())
