import asyncio
import re


def masked(obj):
    return re.sub(r"0x[0-9a-f]+", "0x…", repr(obj))


async def main():
    sem = asyncio.Semaphore(2)
    print(masked(sem))
    active = 0
    peak = 0
    async def job(i):
        nonlocal active, peak
        async with sem:
            active += 1
            peak = max(peak, active)
            await asyncio.sleep(0.01)
            active -= 1
        return i * i
    print(await asyncio.gather(*[job(i) for i in range(6)]), "peak", peak)
    lock = asyncio.Lock()
    print(lock.locked(), masked(lock))
    await lock.acquire()
    print(lock.locked(), masked(lock))
    lock.release()
    try:
        lock.release()
    except RuntimeError as e:
        print("RuntimeError", e)
    bs = asyncio.BoundedSemaphore(1)
    try:
        bs.release()
    except ValueError as e:
        print("ValueError", e)
    ev = asyncio.Event()
    order = []
    async def waiter(n):
        await ev.wait()
        order.append(n)
    tasks = [asyncio.create_task(waiter(n)) for n in range(3)]
    await asyncio.sleep(0)
    print(ev.is_set(), order, masked(ev))
    ev.set()
    await asyncio.gather(*tasks)
    print(ev.is_set(), order)
    q = asyncio.Queue(maxsize=2)
    print(q, q.maxsize, q.empty(), q.full())
    async def producer():
        for i in range(5):
            await q.put(i)
            order.append(("put", i))
        await q.put(None)
    async def consumer():
        got = []
        while True:
            item = await q.get()
            q.task_done()
            if item is None:
                break
            got.append(item)
        return got
    r = await asyncio.gather(producer(), consumer())
    print(r[1])
    await q.join()
    print("joined", q.qsize())
    q.put_nowait(1)
    q.put_nowait(2)
    try:
        q.put_nowait(3)
    except asyncio.QueueFull:
        print("full")
    print(q.get_nowait(), q.get_nowait())
    try:
        q.get_nowait()
    except asyncio.QueueEmpty:
        print("empty")
    try:
        q.task_done(); q.task_done(); q.task_done(); q.task_done(); q.task_done(); q.task_done(); q.task_done(); q.task_done(); q.task_done()
    except ValueError as e:
        print(e)
    lq = asyncio.LifoQueue()
    for i in range(3):
        lq.put_nowait(i)
    print([lq.get_nowait() for _ in range(3)])
    try:
        await asyncio.wait_for(asyncio.Event().wait(), 0.5)
    except TimeoutError:
        print("timed out")
    try:
        asyncio.Semaphore(-1)
    except ValueError as e:
        print(e)

asyncio.run(main())
