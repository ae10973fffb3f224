# gather accepts coroutines, tasks and other gathers together
import asyncio

async def tag(label, delay=0):
    await asyncio.sleep(delay)
    return label

async def main():
    task = asyncio.create_task(tag("task", 0.02))
    fut = asyncio.ensure_future(tag("ensured", 0.01))
    group = asyncio.gather(tag("g1"), tag("g2", 0.03))
    results = await asyncio.gather(tag("coro"), task, fut, group, asyncio.sleep(0.005, "slept"))
    print(results)
    print(task.done(), fut.done(), group.done(), await group)

asyncio.run(main())
