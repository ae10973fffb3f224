import asyncio

async def main():
    try:
        await async_fail("remote broke")
    except ValueError as e:
        print("caught:", e)
    outcome = await asyncio.gather(async_fetch("ok"), async_fail("nope"), return_exceptions=True)
    print(type(outcome[1]).__name__, outcome[1], outcome[0]["size"])
    try:
        await asyncio.gather(async_fetch("a"), async_fail("first error"))
    except ValueError as e:
        print("gather raised:", e)

asyncio.run(main())
