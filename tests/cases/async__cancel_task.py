# cancel() on a running task: CancelledError inside it and for its awaiter
import asyncio

async def poller(log):
    try:
        while True:
            log.append("poll")
            await asyncio.sleep(0.01)
    finally:
        log.append("poller stopped")

async def main():
    log = []
    t = asyncio.create_task(poller(log))
    await asyncio.sleep(0.025)
    print("cancel() ->", t.cancel())
    try:
        await t
    except asyncio.CancelledError:
        print("awaiter saw CancelledError")
    print(t.done(), t.cancelled(), log)
    print("cancel again ->", t.cancel())
    try:
        t.result()
    except asyncio.CancelledError as e:
        print("result() raised", type(e).__name__)

asyncio.run(main())
