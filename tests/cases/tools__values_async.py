# big ints, special floats, tuples and bytes through async and sync tools
import asyncio
import math

async def roundtrip(v):
    return echo(v), (await async_fetch(str(v)))["size"]

async def main():
    big = big_number(30)
    floats = special_floats()
    values = [big, -big, (1, "two", None), b"\x00\xffraw", {"k": [1.5, True]}, {3: "int key"}, frozenset({4})]
    results = await asyncio.gather(*(roundtrip(v) for v in values))
    for v, (back, n) in zip(values, results):
        print(type(back).__name__, back == v, n)
    print(big % 1000, len(str(big)), [math.isinf(f) for f in floats], floats[-1])

asyncio.run(main())
