s = "Hello, World"
print(s[0], s[-1], s[7], s[-5])
print(s[0:5], s[7:], s[:-7], s[:])
print(s[::2], s[1::2], s[::-1])
print(s[10:], s[100:], repr(s[5:3]))
print(s[-100:2], s[3:-3])
print(s[::-3], s[-2:-8:-2])
print(len(s), len(s[2:9]))
word = "racecar"
print(word == word[::-1])
print("abc"[1], "abc"[-3])
