# asyncio.run accepts what asyncio's own coroutine functions return.
import asyncio

print(asyncio.run(asyncio.sleep(0.01, result="slept")))
print(asyncio.run(asyncio.wait_for(asyncio.sleep(0, result=5), timeout=1)))


async def main():
    return "main"


print(asyncio.run(main()))
try:
    asyncio.run(42)
except ValueError as e:
    print("ValueError", e)
