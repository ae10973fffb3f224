s = "Hello, World"
print(s[:5].lower(), s[-5:].upper(), s[7:][::-1])
t = (10, 20, 30, 40, 50)
print(t[1:-1], t[::2], t[::-2], t[4:1:-1])
path = "/usr/local/bin/python3"
print(path[path.rfind("/") + 1:])
print(s[:100] == s, len(s[3:3]))
head, tail = s[:5], s[5:]
print(repr(head), repr(tail))
