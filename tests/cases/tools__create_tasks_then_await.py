# create one task per key up front, do sync work, then await them in reverse
import asyncio

async def lookup(key):
    info = await async_fetch(key)
    score = await async_score(key)
    return key, info["size"] * score

async def main():
    keys = ["red", "green", "blue", "cyan"]
    tasks = {k: asyncio.create_task(lookup(k)) for k in keys}
    local = add(2, 3)
    print("local work", local, [t.done() for t in tasks.values()])
    for k in reversed(keys):
        print(await tasks[k])
    print(all(t.done() for t in tasks.values()))
    print(sorted(t.result()[1] for t in tasks.values()))

asyncio.run(main())
