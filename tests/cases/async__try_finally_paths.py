# finally blocks in coroutines run on return, on exception and across awaits
import asyncio

events = []

async def guarded(mode):
    events.append(f"{mode}: enter")
    try:
        await asyncio.sleep(0)
        if mode == "raise":
            raise ValueError(mode)
        if mode == "return":
            return "early"
        await asyncio.sleep(0)
        return "normal"
    finally:
        await asyncio.sleep(0)
        events.append(f"{mode}: finally")

async def main():
    print(await guarded("return"))
    print(await guarded("plain"))
    try:
        await guarded("raise")
    except ValueError as e:
        print("caught", repr(e))
    results = await asyncio.gather(guarded("a"), guarded("raise"), return_exceptions=True)
    print(results)
    print(events)

asyncio.run(main())
