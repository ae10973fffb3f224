# a small client class wrapping sync and async tools, used from coroutines
import asyncio

class Client:
    def __init__(self, prefix):
        self.prefix = prefix
        self.calls = 0

    def user(self, uid):
        self.calls += 1
        return fetch_user(uid)

    async def fetch(self, key):
        self.calls += 1
        return await async_fetch(f"{self.prefix}/{key}")

    async def fetch_all(self, keys):
        return [r["size"] for r in await asyncio.gather(*map(self.fetch, keys))]

async def main():
    c = Client("v2")
    sizes = await c.fetch_all(["a", "bb", "ccc"])
    u = c.user(2)
    print(sizes, u["name"], c.calls)
    print(await c.fetch(u["name"]), c.calls)

asyncio.run(main())
