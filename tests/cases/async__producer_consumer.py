# producer/consumer over a shared list, polling with sleep(0)
import asyncio

async def producer(buf, items):
    for item in items:
        await asyncio.sleep(0.01)
        buf.append(item)
        print("produced", item)
    buf.append(None)

async def consumer(buf, name):
    total = 0
    while True:
        if not buf:
            await asyncio.sleep(0.001)
            continue
        item = buf.pop(0)
        if item is None:
            break
        total += item
        print(name, "consumed", item, "running total", total)
    return total

async def main():
    buf = []
    _, total = await asyncio.gather(producer(buf, [5, 3, 8]), consumer(buf, "c1"))
    print("total", total, "left", buf)

asyncio.run(main())
