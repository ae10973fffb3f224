# A semaphore around gathered tool calls bounds how many the host has in
# flight (async_tracked reports the most it saw at once); a queue feeds
# workers; an event releases waiters; a lock serializes a section.
import asyncio
import re


def masked(obj):
    return re.sub(r"0x[0-9a-f]+", "0x…", repr(obj))


async def main():
    unbounded = await asyncio.gather(*[async_tracked(f"u{i}") for i in range(4)])
    print("unbounded peak", max(r["peak"] for r in unbounded))

    sem = asyncio.Semaphore(2)
    print(masked(sem))

    async def limited(i):
        async with sem:
            return await async_tracked(f"s{i}")

    bounded = await asyncio.gather(*[limited(i) for i in range(6)])
    print("bounded peak", max(r["peak"] for r in bounded), [r["key"] for r in bounded])
    print(masked(sem), sem.locked())

    queue = asyncio.Queue(maxsize=2)
    done = []

    async def worker(name):
        while True:
            key = await queue.get()
            try:
                if key is None:
                    return name
                data = await async_fetch(key)
                done.append((name, data["size"]))
            finally:
                queue.task_done()

    workers = [asyncio.create_task(worker(f"w{n}")) for n in range(2)]
    for key in ["a", "bb", "ccc", "dddd", "eeeee"]:
        await queue.put(key)
    await queue.join()
    for _ in workers:
        await queue.put(None)
    print(await asyncio.gather(*workers), sorted(size for _, size in done))
    print(queue, queue.qsize(), queue.empty())

    ready = asyncio.Event()
    results = []

    async def waiter(n):
        await ready.wait()
        results.append(await async_score(f"n{n}"))

    tasks = [asyncio.create_task(waiter(n)) for n in range(3)]
    await asyncio.sleep(0)
    print(masked(ready), results)
    ready.set()
    await asyncio.gather(*tasks)
    print(sorted(results))

    lock = asyncio.Lock()
    trace = []

    async def critical(n):
        async with lock:
            trace.append(f"in{n}")
            await async_fetch(f"lock{n}")
            trace.append(f"out{n}")

    await asyncio.gather(*[critical(n) for n in range(3)])
    print(trace)
    try:
        await asyncio.wait_for(queue.get(), timeout=0.1)
    except TimeoutError:
        print("get timed out on an empty queue")


asyncio.run(main())
