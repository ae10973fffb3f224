import heapq

tasks = []
for prio, name in [(3, 'write'), (1, 'plan'), (2, 'code'), (1, 'coffee'), (5, 'ship')]:
    heapq.heappush(tasks, (prio, name))
print(tasks)
while tasks:
    prio, name = heapq.heappop(tasks)
    print(prio, name)

def kth_largest(values, k):
    h = values[:k]
    heapq.heapify(h)
    for v in values[k:]:
        if v > h[0]:
            heapq.heapreplace(h, v)
    return h[0]

print(kth_largest([3, 2, 1, 5, 6, 4], 2), kth_largest(list(range(100)), 10))
