import heapq

h = []
for x in [5, 3, 8, 1, 9, 2, 7, 3, 3, 0]:
    heapq.heappush(h, x)
    print(h)
out = []
while h:
    out.append(heapq.heappop(h))
print(out)
