import heapq

print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6, 9])))
print(list(heapq.merge([7, 4, 1], [8, 5, 2], reverse=True)))
print(list(heapq.merge(['a', 'ccc'], ['bb', 'dddd'], key=len)))
print(list(heapq.merge([], [1], [])), list(heapq.merge()))
print(list(heapq.merge([1, 1, 2], [1, 3])))
print(list(heapq.merge([(1, 'x')], [(1, 'a'), (0, 'z')])))
for x in heapq.merge(range(0, 10, 3), range(1, 10, 4)):
    print(x, end=' ')
print()
