# asyncio.wait over tasks that call tools: the first done, then the rest.
import asyncio


async def lookup(key):
    data = await async_fetch(key)
    return data["size"]


async def main():
    tasks = [asyncio.create_task(lookup(k)) for k in ["alpha", "be", "gamma!"]]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    print(len(done) >= 1, len(done) + len(pending))
    done, pending = await asyncio.wait(tasks)
    print(sorted(t.result() for t in done), pending)
    failing = asyncio.create_task(async_fail("nope"))
    slow = asyncio.create_task(asyncio.sleep(5, result="slow"))
    done, pending = await asyncio.wait([failing, slow], return_when=asyncio.FIRST_EXCEPTION)
    print([repr(t.exception()) for t in done], len(pending))
    slow.cancel()


asyncio.run(main())
