# expect: 3:12 await-not-async object list can't be used in 'await' expression
async def main():
    hits = await search("async python")
    return [h["title"] for h in hits]

print(await main())
