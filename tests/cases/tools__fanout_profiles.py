# fan-out/fan-in: fetch many records concurrently, then aggregate
import asyncio

async def profile(key):
    info = await async_fetch(key)
    score = await async_score(key)
    return {"key": info["key"], "size": info["size"], "score": score}

async def main():
    keys = ["ada", "grace", "linus", "guido", "barbara", "ken"]
    profiles = await asyncio.gather(*(profile(k) for k in keys))
    by_score = sorted(profiles, key=lambda p: (-p["score"], p["key"]))
    for p in by_score:
        print(f"{p['key']:<8} size={p['size']} score={p['score']:>2}")
    print("total size", sum(p["size"] for p in profiles))
    print("best", by_score[0]["key"], "worst", by_score[-1]["key"])

asyncio.run(main())
