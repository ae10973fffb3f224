# asyncio.TaskGroup: results, failures cancelling siblings and the body,
# the ExceptionGroup it raises, except* around it, misuse.
import asyncio

log = []

async def work(name, delay, fail=False):
    try:
        await asyncio.sleep(delay)
        if fail:
            raise ValueError(f"{name} failed")
        log.append(f"{name} done")
        return name.upper()
    except asyncio.CancelledError:
        log.append(f"{name} cancelled")
        raise

async def all_ok():
    async with asyncio.TaskGroup() as tg:
        t1 = tg.create_task(work("a", 0.2))
        t2 = tg.create_task(work("b", 0.1), name="second")
        print("inside:", t2.get_name(), repr(tg).startswith("<TaskGroup"))
    print("results:", t1.result(), t2.result(), log)

async def one_fails():
    log.clear()
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(work("slow", 1.0))
            tg.create_task(work("bad", 0.1, fail=True))
            tg.create_task(work("slower", 2.0))
            await asyncio.sleep(5)
            log.append("body finished")
    except* ValueError as eg:
        print("caught:", repr(eg), [str(e) for e in eg.exceptions])
    print(sorted(log))

async def two_fail():
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(work("x", 0.1, fail=True))
            tg.create_task(work("y", 0.1, fail=True))
    except ExceptionGroup as eg:
        print(eg, sorted(str(e) for e in eg.exceptions))

async def body_raises():
    log.clear()
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(work("c", 1.0))
            raise KeyError("body")
    except ExceptionGroup as eg:
        print("body:", repr(eg), log)

async def body_returns_early():
    async with asyncio.TaskGroup() as tg:
        t = tg.create_task(work("late", 0.5))
    return t.result()

async def misuse():
    tg = asyncio.TaskGroup()
    try:
        tg.create_task(work("never", 0))
    except RuntimeError as e:
        print("RuntimeError", str(e).replace(repr(tg), "TG"))
    async with tg:
        pass
    try:
        tg.create_task(work("after", 0))
    except RuntimeError as e:
        print("RuntimeError", "is finished" in str(e))

async def nested():
    async def inner():
        async with asyncio.TaskGroup() as tg:
            tg.create_task(work("n1", 0.1, fail=True))
        return "unreachable"
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(inner())
            tg.create_task(work("n2", 1.0))
    except ExceptionGroup as eg:
        print("nested:", repr(eg))

async def main():
    await all_ok()
    await one_fails()
    await two_fail()
    await body_raises()
    print(await body_returns_early())
    await misuse()
    await nested()

asyncio.run(main())
