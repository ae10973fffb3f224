# async methods, async staticmethods and classmethods on a small client class
import asyncio

class Cache:
    instances = 0

    def __init__(self):
        self.data = {}
        self.hits = self.misses = 0
        Cache.instances += 1

    @classmethod
    async def create(cls, preload):
        self = cls()
        for k, v in preload.items():
            await self.set(k, v)
        return self

    @staticmethod
    async def compute(key):
        await asyncio.sleep(0)
        return len(key) * 100

    async def set(self, key, value):
        await asyncio.sleep(0)
        self.data[key] = value

    async def get(self, key):
        if key in self.data:
            self.hits += 1
            return self.data[key]
        self.misses += 1
        value = await self.compute(key)
        await self.set(key, value)
        return value

async def main():
    cache = await Cache.create({"x": 1})
    values = [await cache.get(k) for k in ["x", "yy", "yy", "zzz", "x"]]
    print(values, cache.hits, cache.misses, sorted(cache.data.items()))
    print(await asyncio.gather(cache.get("q"), Cache.compute("four")), Cache.instances)

asyncio.run(main())
