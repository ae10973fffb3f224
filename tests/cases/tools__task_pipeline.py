# stages as tasks that await each other, each stage calling tools
import asyncio

async def load(keys):
    return await asyncio.gather(*(async_fetch(k) for k in keys))

async def score(load_task):
    records = await load_task
    scores = await asyncio.gather(*(async_score(r["key"]) for r in records))
    return {r["key"]: s for r, s in zip(records, scores)}

async def publish(load_task, score_task):
    records, scores = await load_task, await score_task
    lines = [f"{r['key']}:{r['size']}:{scores[r['key']]}" for r in records]
    return echo(";".join(lines))

async def main():
    t_load = asyncio.create_task(load(["north", "south", "east", "west"]))
    t_score = asyncio.create_task(score(t_load))
    t_pub = asyncio.create_task(publish(t_load, t_score))
    print("published", await t_pub)
    print(t_load.done(), t_score.done(), max((await t_score).items(), key=lambda kv: kv[1]))

asyncio.run(main())
