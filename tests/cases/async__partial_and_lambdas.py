# coroutines built through functools.partial, lambdas and dict dispatch
import asyncio
import functools

async def scale(x, factor=1, offset=0):
    await asyncio.sleep(0)
    return x * factor + offset

async def main():
    double = functools.partial(scale, factor=2)
    shifted = functools.partial(scale, offset=100)
    ops = {
        "double": double,
        "shift": shifted,
        "both": lambda x: scale(x, 2, 100),
    }
    for name, op in ops.items():
        print(name, await asyncio.gather(*(op(i) for i in range(4))))
    pipeline = [double, shifted, double]
    value = 1
    for step in pipeline:
        value = await step(value)
    print("pipeline", value)

asyncio.run(main())
