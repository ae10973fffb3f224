import statistics

print(statistics.mode([1, 1, 2, 3, 3, 3, 3, 4]), statistics.mode(['red', 'blue', 'blue', 'red', 'green', 'red', 'red']))
print(statistics.mode([1, 1, 2, 2]), statistics.mode('hello'), statistics.mode([(1, 2), (1, 2), 3]))
print(statistics.multimode('aabbbbccddddeeffffgg'), statistics.multimode([]), statistics.multimode([1.0, 1, 2]))
print(statistics.mode([1, 1.0, True, 2, 2]))
