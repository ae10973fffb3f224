# as_completed over host calls that need no waiting: every result arrives once
import asyncio

async def main():
    names = ["one", "three", "eleven", "two"]
    seen = []
    for next_done in asyncio.as_completed([async_fetch(n) for n in names]):
        r = await next_done
        seen.append((r["key"], r["size"]))
    print(sorted(seen), len(seen) == len(names))

asyncio.run(main())
