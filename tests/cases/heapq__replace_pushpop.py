import heapq

h = [1, 3, 5, 7, 9]
heapq.heapify(h)
print(heapq.heapreplace(h, 10), h)
print(heapq.heapreplace(h, 0), h)
print(heapq.heappushpop(h, -1), h)
print(heapq.heappushpop(h, 6), h)
print(heapq.heappushpop([], 4))
