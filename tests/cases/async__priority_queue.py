# asyncio.PriorityQueue: (priority, item) tuples come out smallest first,
# as heapq orders them; workers drain it; comparison errors surface.
import asyncio


async def main():
    q = asyncio.PriorityQueue()
    for prio, job in [(3, "low"), (1, "urgent"), (2, "normal"), (1, "also urgent"), (5, "later")]:
        await q.put((prio, job))
    print(q.qsize(), q)
    order = []
    while not q.empty():
        order.append(await q.get())
        q.task_done()
    print(order)

    q = asyncio.PriorityQueue(maxsize=2)
    done = []

    async def worker(name):
        while True:
            prio, job = await q.get()
            done.append((name, prio, job))
            q.task_done()

    workers = [asyncio.create_task(worker(f"w{i}")) for i in range(2)]
    for i in [5, 3, 8, 1, 9, 2]:
        await q.put((i, f"job{i}"))
    await q.join()
    for w in workers:
        w.cancel()
    print(sorted(d[1:] for d in done), len({d[0] for d in done}) >= 1)

    q = asyncio.PriorityQueue()
    q.put_nowait((1, {"a": 1}))
    try:
        q.put_nowait((1, {"b": 2}))
    except TypeError as e:
        print("TypeError", e)
    print(q.qsize())


asyncio.run(main())
