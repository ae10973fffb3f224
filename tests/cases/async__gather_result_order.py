# gather returns results in argument order, whatever order the work finishes in
import asyncio

finished = []

async def job(name, delay):
    await asyncio.sleep(delay)
    finished.append(name)
    return f"{name}:{delay}"

async def main():
    results = await asyncio.gather(job("a", 0.03), job("b", 0.01), job("c", 0.02), job("d", 0))
    print("results ", results)
    print("finished", finished)
    empty = await asyncio.gather()
    print("empty gather", empty, type(empty).__name__)
    single = await asyncio.gather(job("solo", 0))
    print("single", single)

asyncio.run(main())
