# process many ids in batches of gathered host calls
import asyncio

async def process(ids, batch_size):
    out = {}
    for start in range(0, len(ids), batch_size):
        batch = ids[start:start + batch_size]
        scores = await asyncio.gather(*(async_score(f"id{i}") for i in batch))
        out.update(zip(batch, scores))
        print(f"batch {start // batch_size}: {batch[0]}..{batch[-1]} max={max(scores)}")
    return out

async def main():
    ids = list(range(1, 21))
    scores = await process(ids, 6)
    top = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    print("top3", top, "n", len(scores))

asyncio.run(main())
