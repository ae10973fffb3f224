# a created task starts only when the creator yields; awaiting later gets its result
import asyncio

log = []

async def worker(name):
    log.append(f"{name} start")
    await asyncio.sleep(0)
    log.append(f"{name} end")
    return name * 2

async def main():
    t1 = asyncio.create_task(worker("x"))
    t2 = asyncio.create_task(worker("y"))
    log.append("tasks created")
    total = sum(range(10))
    log.append(f"sync work {total}")
    await asyncio.sleep(0)
    log.append("main resumed")
    r2 = await t2
    r1 = await t1
    log.append(f"results {r1} {r2}")
    print("\n".join(log))

asyncio.run(main())
