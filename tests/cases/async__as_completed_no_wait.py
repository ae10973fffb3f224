# as_completed over jobs that finish immediately: first come, first served
import asyncio

async def square(n):
    return n * n

async def main():
    seen = []
    total = 0
    for fut in asyncio.as_completed([square(n) for n in range(6)]):
        value = await fut
        seen.append(value)
        total += value
    print(sorted(seen), total, len(seen))

asyncio.run(main())
