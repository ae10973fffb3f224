# expect: 5:12 await-not-async object float can't be used in 'await' expression
import asyncio

async def price_of(symbol):
    return await get_stock_price(symbol)

prices = await asyncio.gather(price_of("AAPL"), price_of("MSFT"))
print(prices)
