# recursive coroutines fanning out with gather (tree sum and async fib)
import asyncio

TREE = {"root": ["a", "b"], "a": ["a1", "a2", "a3"], "b": ["b1"], "b1": ["b1x"]}
SIZE = {"root": 1, "a": 2, "b": 3, "a1": 4, "a2": 5, "a3": 6, "b1": 7, "b1x": 8}

async def subtree(node, depth=0):
    await asyncio.sleep(0)
    kids = TREE.get(node, [])
    sizes = await asyncio.gather(*(subtree(k, depth + 1) for k in kids))
    total = SIZE[node] + sum(sizes)
    print("  " * depth + f"{node}={total}")
    return total

async def fib(n):
    if n < 2:
        return n
    a, b = await asyncio.gather(fib(n - 1), fib(n - 2))
    return a + b

async def main():
    print("total", await subtree("root"))
    print([await fib(i) for i in range(12)])

asyncio.run(main())
