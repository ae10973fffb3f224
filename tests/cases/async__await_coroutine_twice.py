# a coroutine object can only be awaited once
import asyncio

async def fetch_config():
    await asyncio.sleep(0)
    return {"retries": 3}

async def use(coro):
    return await coro

async def main():
    coro = fetch_config()
    config = await use(coro)
    print("first", config)
    try:
        await coro
    except RuntimeError as e:
        print("second:", type(e).__name__, e)
    try:
        await use(coro)
    except RuntimeError as e:
        print("third:", e)
    task = asyncio.create_task(fetch_config())
    print("task", await task, await task)

asyncio.run(main())
