# The tool server's functions are also the module `tools`: imported whole,
# by name, under another name, inside a function, and awaited.
import asyncio

import tools
import tools as t
from tools import add, echo as same

print(tools.add(2, 3), t.search("py", limit=2), add(1, 2), same([1, (2, 3)]))
print(add is tools.add, hasattr(tools, "add"), hasattr(tools, "nope"))


def total():
    from tools import add as plus

    return plus(plus(1, 2), 3)


print(total())

try:
    from tools import nope
except ImportError as e:
    print(type(e).__name__)


async def main():
    return await asyncio.gather(tools.async_fetch("a"), t.async_fetch("b"))


print(asyncio.run(main()))
