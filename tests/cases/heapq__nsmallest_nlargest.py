import heapq

nums = [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]
print(heapq.nsmallest(3, nums), heapq.nlargest(3, nums))
print(heapq.nsmallest(1, nums), heapq.nlargest(1, nums), heapq.nsmallest(0, nums), heapq.nlargest(-2, nums))
print(heapq.nsmallest(20, nums), heapq.nlargest(20, iter(nums)))
words = ['apple', 'fig', 'banana', 'kiwi', 'date', 'plum']
print(heapq.nlargest(2, words, key=len), heapq.nsmallest(3, words, key=len))
people = [{'name': 'ann', 'age': 31}, {'name': 'bob', 'age': 25}, {'name': 'cy', 'age': 31}]
print([p['name'] for p in heapq.nlargest(2, people, key=lambda p: p['age'])])
print(heapq.nsmallest(2, 'hello'))
