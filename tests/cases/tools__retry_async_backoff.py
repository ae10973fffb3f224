# async retries with exponential backoff sleeps, several keys concurrently
import asyncio

async def fetch_with_retry(key, fails, tries=3):
    delay = 0.01
    for attempt in range(1, tries + 1):
        try:
            return await async_flaky(key, attempt, fails)
        except TimeoutError:
            if attempt == tries:
                return f"{key}-failed"
            await asyncio.sleep(delay)
            delay *= 2

async def main():
    plan = {"a": 0, "b": 1, "c": 2, "d": 5}
    results = await asyncio.gather(*(fetch_with_retry(k, f) for k, f in plan.items()))
    for k, r in zip(plan, results):
        print(k, r)
    print(sum(r.endswith("failed") for r in results), "failed")

asyncio.run(main())
