# per-item timeouts inside a gather, each wrapped in its own try/except
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
    statuses = await asyncio.gather(*(check(h, l) for h, l in hosts.items()))
    print(statuses)
    up = [s.split()[0] for s in statuses if s.endswith("up")]
    print(f"{len(up)}/{len(hosts)} up:", ", ".join(up))

asyncio.run(main())
