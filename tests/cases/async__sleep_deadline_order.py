# tasks sleeping different amounts wake up in deadline order
import asyncio

wake = []

async def sleeper(name, *delays):
    for d in delays:
        await asyncio.sleep(d)
        wake.append((name, d))

async def main():
    await asyncio.gather(
        sleeper("A", 0.05),
        sleeper("B", 0.01, 0.01, 0.01),
        sleeper("C", 0.025, 0.06),
        sleeper("D", 0),
        sleeper("E", 0.045),
    )
    for name, d in wake:
        print(name, d)

asyncio.run(main())
