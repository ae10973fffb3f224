import asyncio

class Res:
    def __init__(self, name):
        self.name = name
    async def __aenter__(self):
        print("enter", self.name)
        await asyncio.sleep(0)
        return self
    async def __aexit__(self, et, e, tb):
        print("exit", self.name, et.__name__ if et else None, e)
        return self.name == "swallow"

async def ticker(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i
    print("ticker done")

class Countdown:
    def __init__(self, n):
        self.n = n
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.n == 0:
            raise StopAsyncIteration
        self.n -= 1
        return self.n

async def echo():
    received = []
    try:
        while True:
            v = yield len(received)
            received.append(v)
    except GeneratorExit:
        print("closing with", received)
        raise

async def main():
    async with Res("a") as r:
        print("inside", r.name)
    async with Res("swallow"):
        raise ValueError("gone")
    print("after swallow")
    try:
        async with Res("b"), Res("c") as c:
            raise KeyError("k")
    except KeyError as e:
        print("caught", repr(e))
    async for i in ticker(3):
        print("tick", i)
    async for i in Countdown(3):
        print("count", i)
    else:
        print("else ran")
    for_break = []
    async for i in ticker(10):
        if i == 2:
            break
        for_break.append(i)
    print(for_break)
    print([x * 2 async for x in ticker(4)])
    print({x: x * x async for x in Countdown(3) if x})
    print([await asyncio.sleep(0, result=i) for i in range(3)])
    g = echo()
    print(await g.asend(None))
    print(await g.asend("a"))
    print(await g.asend("b"))
    await g.aclose()
    print(type(g).__name__, repr(g)[:35])
    agen = ticker(2)
    print(await agen.__anext__(), await agen.__anext__())
    try:
        await agen.__anext__()
    except StopAsyncIteration:
        print("stop")
    async def boom():
        yield 1
        raise StopAsyncIteration
    try:
        async for x in boom():
            print("boom", x)
    except RuntimeError as e:
        print("RuntimeError", e)
    async def thrower():
        try:
            yield 1
        except ValueError as e:
            print("got", e)
            yield 2
    t = thrower()
    print(await t.__anext__())
    print(await t.athrow(ValueError("x")))
    ge = (i async for i in ticker(3))
    print(type(ge).__name__, [i async for i in ge])
    try:
        async with 5:
            pass
    except TypeError as e:
        print(e)
    try:
        async for x in [1, 2]:
            pass
    except TypeError as e:
        print(e)
    async def stubborn():
        try:
            yield 1
        except GeneratorExit:
            yield 2
    s = stubborn()
    await s.__anext__()
    try:
        await s.aclose()
    except RuntimeError as e:
        print(e)
    return "done"

print(asyncio.run(main()))
