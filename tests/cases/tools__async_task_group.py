# Tool calls inside an asyncio.TaskGroup: all in flight at once, results
# collected from the tasks; a failing tool call cancels its siblings and
# surfaces in the ExceptionGroup, handled with except*.
import asyncio


async def main():
    async with asyncio.TaskGroup() as tg:
        tasks = [tg.create_task(async_tracked(f"k{i}")) for i in range(3)]
        scores = [tg.create_task(async_score(n)) for n in ["ada", "bob"]]
    print("peak", max(t.result()["peak"] for t in tasks))
    print("keys", [t.result()["key"] for t in tasks])
    print("scores", [t.result() for t in scores])

    done = []

    async def fetch_then_record(key):
        r = await async_fetch(key)
        done.append(r["key"])
        return r

    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(fetch_then_record("alpha"))
            tg.create_task(async_fail("tool broke"))
            tg.create_task(fetch_then_record("beta"))
    except* ValueError as eg:
        print("failed:", [str(e) for e in eg.exceptions])
    print("finished before the failure:", sorted(done))

    async def step(i):
        a = await async_fetch(f"s{i}")
        b = await async_score(a["key"])
        return a["size"] + b

    async with asyncio.TaskGroup() as tg:
        steps = [tg.create_task(step(i), name=f"step-{i}") for i in range(3)]
    print([(t.get_name(), t.result()) for t in steps])


asyncio.run(main())
