# several asyncio.run calls in one program, and a non-coroutine argument
import asyncio

async def step(n):
    await asyncio.sleep(0)
    return n + 1

state = 0
for _ in range(3):
    state = asyncio.run(step(state))
print("state", state)
print(asyncio.run(step(41)))
try:
    asyncio.run(step)
except ValueError as e:
    print("ValueError:", str(e).split(" at ")[0])
try:
    asyncio.run(42)
except ValueError as e:
    print("ValueError:", e)
