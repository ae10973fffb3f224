# the first error propagates out of gather; siblings keep running
import asyncio

done = []

async def slow_ok(name, delay):
    await asyncio.sleep(delay)
    done.append(name)
    return name

async def fails_fast():
    await asyncio.sleep(0.005)
    raise LookupError("no such record")

async def main():
    try:
        await asyncio.gather(slow_ok("a", 0.01), fails_fast(), slow_ok("b", 0.02))
    except LookupError as e:
        print("gather raised:", e, "| done so far:", done)
    await asyncio.sleep(0.05)
    print("after waiting:", done)

asyncio.run(main())
