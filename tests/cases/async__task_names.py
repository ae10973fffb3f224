import asyncio

async def worker(n):
    me = asyncio.current_task()
    await asyncio.sleep(0)
    return me.get_name(), n

async def main():
    main_task = asyncio.current_task()
    print(main_task.get_name(), main_task is asyncio.current_task())
    t = asyncio.create_task(worker(1), name="fetcher")
    u = asyncio.create_task(worker(2))
    print(t.get_name(), u.get_name())
    u.set_name("renamed")
    print(await t, await u)
    print(repr(t).split(" coro=")[0].rstrip(">"), repr(u).split(" coro=")[0].rstrip(">"))
    try:
        t.set_name()
    except TypeError as e:
        print("TypeError")

try:
    asyncio.current_task()
except RuntimeError as e:
    print(e)
asyncio.run(main())
