# CancelledError is a BaseException: `except Exception` does not swallow it
import asyncio

async def stubborn():
    try:
        await asyncio.sleep(1)
    except Exception as e:
        print("wrongly caught", e)
        return "swallowed"
    return "finished"

async def cooperative():
    try:
        await asyncio.sleep(1)
    except BaseException as e:
        print("cooperative saw", type(e).__name__)
        raise

async def main():
    for factory in (stubborn, cooperative):
        try:
            print(await asyncio.wait_for(factory(), 0.01))
        except TimeoutError:
            print(factory.__name__, "timed out")
    print(issubclass(asyncio.CancelledError, Exception), issubclass(asyncio.CancelledError, BaseException))

asyncio.run(main())
