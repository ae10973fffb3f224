import itertools

for batch in itertools.batched(range(7), 3):
    print(batch)
print(list(itertools.batched('abc', 0)))
