import bisect

rows = [(1, 'a'), (2, 'b'), (2, 'c'), (4, 'd'), (7, 'e')]
key = lambda row: row[0]
print(bisect.bisect_left(rows, 2, key=key), bisect.bisect_right(rows, 2, key=key))
print(bisect.bisect_left(rows, 5, key=key), bisect.bisect_right(rows, 0, key=key))
calls = []
def k(row):
    calls.append(row)
    return row[0]
new = (2, 'new')
bisect.insort_left(rows, new, key=k)
print(rows, calls[0] is new, calls.count(new))
bisect.insort_right(rows, (2, 'last'), key=key)
print(rows)
words = sorted(['pear', 'fig', 'banana', 'kiwi'], key=len)
bisect.insort(words, 'plum', key=len)
print(words)
