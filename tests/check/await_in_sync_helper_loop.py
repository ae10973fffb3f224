# expect: 5:20 await-outside-async 'await' outside async function
def gather_summaries(pages):
    out = []
    for p in pages:
        out.append(await summarize(p))
    return out

print(gather_summaries(["a long text", "another text"]))
