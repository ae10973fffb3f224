# on timeout, wait_for cancels the inner coroutine: its except/finally run first
import asyncio

async def download(name):
    try:
        print(name, "downloading")
        await asyncio.sleep(1)
        print(name, "never printed")
    except asyncio.CancelledError:
        print(name, "got CancelledError")
        raise
    finally:
        print(name, "cleanup")

async def main():
    try:
        await asyncio.wait_for(download("big.iso"), timeout=0.01)
    except TimeoutError:
        print("main: timed out")
    task = asyncio.create_task(download("movie.mkv"))
    try:
        await asyncio.wait_for(task, 0.01)
    except TimeoutError:
        print("main: task timed out", task.done(), task.cancelled())
    print(isinstance(asyncio.CancelledError(), Exception), issubclass(asyncio.CancelledError, BaseException))

asyncio.run(main())
