# expect: 3:8 unsupported No module named 'httpx' (not available in this sandbox)
import asyncio
import httpx

async def main():
    async with httpx.AsyncClient() as client:
        r = await client.get("https://example.com")
        print(r.status_code)

await main()
