# an error escaping asyncio.run is wrapped and re-raised without its context
import asyncio

async def parse_row(row):
    await asyncio.sleep(0)
    return int(row["qty"])

async def main(rows):
    return [await parse_row(r) for r in rows]

print(asyncio.run(main([{"qty": "2"}, {"qty": " 7 "}])))
try:
    asyncio.run(main([{"qty": "2"}, {"qty": "two"}]))
except ValueError as e:
    print("escaped:", type(e).__name__)
    raise RuntimeError(f"bad input: {e}") from None
