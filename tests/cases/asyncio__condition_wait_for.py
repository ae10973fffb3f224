# Condition.wait_for: waits until the predicate holds, re-checked after
# each notify; returns the predicate's value.
import asyncio

async def main():
    cond = asyncio.Condition()
    items = []

    async def consumer(n):
        async with cond:
            await cond.wait_for(lambda: len(items) >= n)
            return list(items)

    async def producer():
        for i in range(3):
            await asyncio.sleep(0)
            async with cond:
                items.append(i)
                cond.notify_all()

    r = await asyncio.gather(consumer(2), consumer(3), producer())
    print(r)
    async with cond:
        print(await cond.wait_for(lambda: "ready"))

asyncio.run(main())
