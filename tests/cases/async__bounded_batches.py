# limit concurrency by gathering in batches, tracking the peak of running jobs
import asyncio

running = 0
peak = 0

async def job(i):
    global running, peak
    running += 1
    peak = max(peak, running)
    await asyncio.sleep(0.001 * (i % 3))
    running -= 1
    return i * i

async def run_batched(items, size):
    out = []
    for start in range(0, len(items), size):
        batch = items[start:start + size]
        out.extend(await asyncio.gather(*map(job, batch)))
        print("batch", start // size, "peak so far", peak)
    return out

async def main():
    results = await run_batched(list(range(10)), 4)
    print(results, "peak", peak, "running", running)

asyncio.run(main())
