# asking a pending task for its result raises InvalidStateError
import asyncio

async def slow():
    await asyncio.sleep(0.01)
    return 1

async def main():
    t = asyncio.create_task(slow())
    for method in (t.result, t.exception):
        try:
            method()
        except Exception as e:
            print(type(e).__name__, e)
    print(await t)

asyncio.run(main())
