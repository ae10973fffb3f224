# an error inside nested coroutines escapes asyncio.run (caught, re-raised bare)
import asyncio

async def parse_row(row):
    await asyncio.sleep(0)
    return int(row["qty"])

async def main(rows):
    return [await parse_row(r) for r in rows]

try:
    asyncio.run(main([{"qty": "2"}, {"qty": "two"}]))
except ValueError as e:
    err = e
print("escaped:", type(err).__name__, err)
raise err.with_traceback(None)
