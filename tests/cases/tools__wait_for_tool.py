# host calls bounded by wait_for; a slow local step times out instead
import asyncio

async def fetch_then_think(key, think):
    info = await async_fetch(key)
    await asyncio.sleep(think)
    return info["size"]

async def main():
    print(await asyncio.wait_for(async_fetch("quick"), timeout=1))
    print(await asyncio.wait_for(fetch_then_think("ok", 0.01), 0.5))
    try:
        await asyncio.wait_for(fetch_then_think("slow", 2), 0.05)
    except TimeoutError:
        print("timed out after the host call")
    try:
        await asyncio.wait_for(async_fail("broken"), 1)
    except ValueError as e:
        print("tool error passes through wait_for:", e)

asyncio.run(main())
