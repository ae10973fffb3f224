# thirty concurrent host calls in one gather
import asyncio

async def main():
    keys = [f"item-{i:02d}" + "x" * (i % 4) for i in range(30)]
    results = await asyncio.gather(*[async_fetch(k) for k in keys])
    print(len(results), results[0], results[-1])
    print(all(r["key"] == k for r, k in zip(results, keys)))
    sizes = {}
    for r in results:
        sizes.setdefault(r["size"], []).append(r["key"][-3:])
    for size in sorted(sizes):
        print(size, len(sizes[size]), sizes[size][:3])

asyncio.run(main())
