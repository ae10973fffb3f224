# as_completed yields awaitables in completion order, not argument order
import asyncio

async def fetch(name, delay):
    await asyncio.sleep(delay)
    return name

async def main():
    jobs = [fetch("slow", 0.03), fetch("fast", 0.01), fetch("medium", 0.02)]
    order = []
    for next_done in asyncio.as_completed(jobs):
        order.append(await next_done)
    print(order)

asyncio.run(main())
