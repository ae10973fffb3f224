# Sorting: list.sort/sorted with key functions and tuples, reverse, min/max.
seed = 12345
data = []
for i in range(200000):
    seed = (seed * 1103515245 + 12345) % 2147483648
    data.append(seed % 100000)
a = sorted(data)
b = sorted(data, key=lambda x: (x % 1000, -x))
pairs = [(x % 97, str(x)) for x in data[:100000]]
pairs.sort()
c = sorted(data[:100000], reverse=True)
words = [str(x) for x in data[:100000]]
words.sort(key=len)
acc = a[0] + a[-1] + a[100000] + b[0] + b[-1] + c[0] + c[-1]
acc += sum(p[0] for p in pairs[:100]) + len(words[0]) + len(words[-1])
acc += sum(a[::1000]) + sum(b[::1000])
print("checksum", acc, min(data), max(data))
