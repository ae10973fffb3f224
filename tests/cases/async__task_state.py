# Task.done / result / exception / cancelled through a task's life
import asyncio

async def work(fail):
    await asyncio.sleep(0.01)
    if fail:
        raise ValueError("work failed")
    return "result"

def state(t):
    if not t.done():
        return "pending"
    if t.cancelled():
        return "cancelled"
    if t.exception() is not None:
        return f"error {t.exception()!r}"
    return f"done {t.result()!r}"

async def main():
    ok = asyncio.create_task(work(False))
    bad = asyncio.create_task(work(True))
    print(state(ok), state(bad))
    await asyncio.sleep(0.05)
    print(state(ok), "|", state(bad))
    try:
        bad.result()
    except ValueError as e:
        print("result() re-raises:", e)
    print(ok.result() == await ok)

asyncio.run(main())
