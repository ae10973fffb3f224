# expect: 8:1 async-not-awaited coroutine 'main' was never awaited
import asyncio

async def main():
    page = await fetch_page("https://example.com")
    print(len(page))

main()
