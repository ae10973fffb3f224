# retry a flaky coroutine with exponential backoff (virtual sleeps)
import asyncio

attempts = {}

async def flaky(name, fail_times):
    attempts[name] = attempts.get(name, 0) + 1
    await asyncio.sleep(0)
    if attempts[name] <= fail_times:
        raise ConnectionError(f"{name} attempt {attempts[name]} failed")
    return f"{name} ok"

async def with_retry(name, fail_times, max_tries=4, base=0.001):
    delay = base
    for i in range(1, max_tries + 1):
        try:
            return await flaky(name, fail_times)
        except ConnectionError as e:
            print("  retry", i, e)
            if i == max_tries:
                raise RuntimeError(f"giving up on {name}") from e
            await asyncio.sleep(delay)
            delay *= 2

async def main():
    print(await with_retry("db", 2))
    try:
        await with_retry("api", 10)
    except RuntimeError as e:
        print(e, "| cause:", e.__cause__)
    print(attempts)

asyncio.run(main())
