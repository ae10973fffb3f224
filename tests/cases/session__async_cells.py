# Top-level await in cells, with async tools gathered in parallel.
import asyncio

async def scored(name):
    return name, await async_score(name)
# %%
results = await asyncio.gather(*(scored(c) for c in ["Paris", "Lima", "Oslo"]))
print(results)
# %%
best = max(results, key=lambda r: r[1])
best, await async_fetch(best[0])
