# expect: 4:5 await-outside-async 'async for' outside async function
def consume(stream):
    total = 0
    async for chunk in stream:
        total += len(chunk)
    return total

print(consume([]))
