# tasks that release resources with tool calls in finally, even on failure
import asyncio

released = []

async def with_lock(name, fail):
    lock = echo(f"lock:{name}")
    try:
        data = await async_fetch(name)
        if fail:
            await async_fail(f"{name} failed after fetching {data['size']}")
        return data["size"]
    finally:
        released.append(echo(lock.replace("lock", "unlock")))

async def main():
    results = await asyncio.gather(with_lock("a", False), with_lock("bb", True), with_lock("ccc", False), return_exceptions=True)
    print(results)
    print(sorted(released))
    try:
        await with_lock("solo", True)
    except ValueError as e:
        print("caught", e, "| released", released[-1])

asyncio.run(main())
