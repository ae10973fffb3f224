import heapq

data = [9, 1, 8, 2, 7, 3, 6, 4, 5, 0, 5, 5]
heapq.heapify(data)
print(data)
big = [(i * 37) % 101 for i in range(60)]
heapq.heapify(big)
print(big)
print(all(big[i] <= big[c] for i in range(len(big)) for c in (2 * i + 1, 2 * i + 2) if c < len(big)))
words = ['pear', 'apple', 'fig', 'banana', 'cherry']
heapq.heapify(words)
print(words, heapq.heappop(words), words)
