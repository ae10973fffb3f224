# wait_for: finishes in time, times out, no timeout, and a zero timeout
import asyncio

async def compute(x, delay):
    await asyncio.sleep(delay)
    return x * 10

async def attempt(label, coro, timeout):
    try:
        value = await asyncio.wait_for(coro, timeout)
        print(label, "->", value)
    except TimeoutError as e:
        print(label, "-> timeout", type(e).__name__, isinstance(e, OSError))

async def main():
    await attempt("fast", compute(1, 0.01), 0.5)
    await attempt("slow", compute(2, 0.5), 0.02)
    await attempt("unbounded", compute(3, 0.02), None)
    try:
        print("kw ->", await asyncio.wait_for(compute(4, 0), timeout=1))
    except TimeoutError:
        print("kw -> timeout")
    await attempt("instant", compute(5, 0), 0.1)
    print(asyncio.TimeoutError is TimeoutError)

asyncio.run(main())
