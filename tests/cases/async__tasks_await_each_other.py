# a pipeline of tasks where each stage awaits the previous task
import asyncio

async def load():
    await asyncio.sleep(0.01)
    print("loaded")
    return [3, 1, 2]

async def clean(load_task):
    data = await load_task
    print("cleaning", data)
    return sorted(data)

async def report(load_task, clean_task):
    raw, cleaned = await asyncio.gather(load_task, clean_task)
    print("report", raw, cleaned)
    return len(cleaned)

async def main():
    t_load = asyncio.create_task(load())
    t_clean = asyncio.create_task(clean(t_load))
    t_report = asyncio.create_task(report(t_load, t_clean))
    print("all scheduled")
    n = await t_report
    print("count", n, t_load.done(), t_clean.done(), await t_clean)

asyncio.run(main())
