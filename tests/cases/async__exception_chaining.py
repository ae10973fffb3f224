# raise ... from, implicit context and re-raise across awaits
import asyncio

class FetchError(Exception):
    pass

async def low_level(key):
    await asyncio.sleep(0)
    return {"a": 1}[key]

async def mid(key):
    try:
        return await low_level(key)
    except KeyError as e:
        raise FetchError(f"cannot fetch {key}") from e

async def top(key):
    try:
        return await mid(key)
    except FetchError:
        raise RuntimeError("top failed")

async def main():
    print(await top("a"))
    try:
        await top("zz")
    except RuntimeError as e:
        ctx = e.__context__
        print(repr(e), "| context:", repr(ctx), "| cause of context:", repr(ctx.__cause__))
        print(e.__cause__, e.__suppress_context__, ctx.__suppress_context__)

asyncio.run(main())
