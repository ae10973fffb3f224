# async code mixing sync helpers, comprehensions and coroutine factories
import asyncio
import json

def parse(line):
    key, _, value = line.partition("=")
    return key.strip(), int(value)

def make_jobs(pairs):
    return [double_later(k, v) for k, v in pairs]

async def double_later(key, value):
    await asyncio.sleep(0)
    return key, value * 2

async def main():
    lines = ["a = 1", "b=20", " c =300"]
    pairs = [parse(l) for l in lines]
    jobs = make_jobs(pairs)
    print(all(asyncio.iscoroutine(j) for j in jobs), asyncio.iscoroutine(parse))
    doubled = dict(await asyncio.gather(*jobs))
    print(json.dumps(doubled, sort_keys=True))
    print(max(doubled, key=doubled.get), sorted(doubled.values(), reverse=True))

asyncio.run(main())
