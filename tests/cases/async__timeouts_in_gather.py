# per-item timeouts inside a gather: TimeoutError instances among the results
import asyncio

async def probe(host, latency):
    await asyncio.sleep(latency)
    return f"{host} up"

async def check(host, latency, budget=0.03):
    try:
        return await asyncio.wait_for(probe(host, latency), budget)
    except TimeoutError:
        return f"{host} timeout"

async def main():
    hosts = {"alpha": 0.01, "beta": 0.2, "gamma": 0.02, "delta": 1.0}
    print(await asyncio.gather(*(check(h, l) for h, l in hosts.items())))
    raw = await asyncio.gather(
        *(asyncio.wait_for(probe(h, l), 0.03) for h, l in hosts.items()),
        return_exceptions=True,
    )
    print([type(r).__name__ if isinstance(r, BaseException) else r for r in raw])

asyncio.run(main())
