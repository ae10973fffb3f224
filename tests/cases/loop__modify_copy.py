nums = [1, 2, 3, 4, 5, 6]
for n in nums[:]:
    if n % 2 == 0:
        nums.remove(n)
print(nums)
d = {"a": 1, "b": 2, "c": 3}
for k in list(d):
    if d[k] > 1:
        del d[k]
print(d)
items = [1, 2, 3]
for x in items:
    if x < 3:
        items.append(x * 10)
print(items)
