# asyncio.run returns a value; a later sync error gives a plain traceback
import asyncio

async def totals(orders):
    await asyncio.sleep(0)
    return {name: sum(items) for name, items in orders.items()}

def pick(summary, name):
    return summary[name] / len(summary)

summary = asyncio.run(totals({"ann": [3, 4], "bob": [10]}))
print(summary)
print(pick(summary, "ann"))
print(pick(summary, "zed"))
