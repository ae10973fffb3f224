# expect: 5:30 await-outside-async 'await' outside async function
import asyncio

urls = ["https://a.example", "https://b.example"]
lengths = list(map(lambda u: await fetch_page(u), urls))
print(lengths)
