# sync and async tool calls mixed inside coroutines
import asyncio

async def enrich(uid):
    user = fetch_user(uid)
    fetched, score = await asyncio.gather(async_fetch(user["name"]), async_score(user["name"]))
    total = add(fetched["size"], score)
    return {"id": uid, "name": user["name"], "total": total}

async def main():
    rows = await asyncio.gather(*(enrich(u) for u in [4, 12, 7]))
    for r in rows:
        print(r)
    print("grand total", add(*[r["total"] for r in rows[:2]]) + rows[2]["total"])
    print(search("enrich", limit=2), await async_fetch("done"))

asyncio.run(main())
