# asyncio.Condition: consumers wait for items a producer announces with
# notify / notify_all; waiting or notifying without the lock is an error.
import asyncio


async def main():
    cond = asyncio.Condition()
    items = []
    got = []

    async def consumer(name):
        async with cond:
            while not items:
                await cond.wait()
            got.append((name, items.pop(0)))

    tasks = [asyncio.create_task(consumer(f"c{i}")) for i in range(3)]
    await asyncio.sleep(0)
    print("locked?", cond.locked())
    for i in range(3):
        async with cond:
            items.append(i)
            cond.notify()
        await asyncio.sleep(0)
    await asyncio.gather(*tasks)
    print(sorted(got))

    ready = False

    async def waiter(i):
        async with cond:
            while not ready:
                await cond.wait()
            return i

    ws = [asyncio.create_task(waiter(i)) for i in range(4)]
    await asyncio.sleep(0)
    async with cond:
        ready = True
        cond.notify_all()
    print(await asyncio.gather(*ws))

    try:
        await cond.wait()
    except RuntimeError as e:
        print("RuntimeError", e)
    try:
        cond.notify()
    except RuntimeError as e:
        print("RuntimeError", e)

    lock = asyncio.Lock()
    shared = asyncio.Condition(lock)
    async with shared:
        print("shared lock held:", lock.locked())
    print("released:", lock.locked())


asyncio.run(main())
