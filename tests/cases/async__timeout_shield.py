# asyncio.timeout / timeout_at / shield, as agents bound slow work.
import asyncio


async def slow(name, delay):
    try:
        await asyncio.sleep(delay)
        return name
    except asyncio.CancelledError:
        print(name, "cancelled")
        raise


async def main():
    # finishes in time
    async with asyncio.timeout(1.0) as t:
        r = await slow("quick", 0.1)
    print("in time:", r, t.expired())

    # the deadline passes: TimeoutError, the body is cancelled
    try:
        async with asyncio.timeout(0.5) as t:
            await slow("sluggish", 10)
            print("not reached")
    except TimeoutError as e:
        print("TimeoutError", type(e.__cause__).__name__, t.expired())

    # None: no deadline; reschedule sets one
    try:
        async with asyncio.timeout(None) as t:
            print("when:", t.when())
            t.reschedule(asyncio.get_running_loop().time() + 0.2)
            await slow("rescheduled", 5)
    except TimeoutError:
        print("rescheduled timeout fired")

    # timeout_at with an absolute deadline
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout_at(loop.time() + 0.3):
            await asyncio.gather(slow("g1", 1), slow("g2", 2))
    except TimeoutError:
        print("gather timed out")

    # nothing left after the block: later awaits are not cancelled
    await asyncio.sleep(1)
    print("after the block")

    # the body catches the cancellation itself: no TimeoutError
    async with asyncio.timeout(0.1) as t:
        try:
            await asyncio.sleep(1)
        except asyncio.CancelledError:
            print("swallowed")
    print("expired:", t.expired())

    # shield: the outer wait is cancelled, the inner work goes on
    inner = asyncio.ensure_future(slow("shielded", 0.5))
    try:
        await asyncio.wait_for(asyncio.shield(inner), 0.1)
    except TimeoutError:
        print("outer timed out; inner done?", inner.done())
    print("inner result:", await inner)

    # misuse
    t = asyncio.timeout(1)
    try:
        t.reschedule(5)
    except RuntimeError as e:
        print("RuntimeError", e)


asyncio.run(main())
