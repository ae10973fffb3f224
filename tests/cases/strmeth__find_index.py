s = "hello world, hello moon"
print(s.find("hello"), s.find("hello", 1), s.find("xyz"))
print(s.rfind("hello"), s.rfind("o"), s.rfind("zzz"))
print(s.find("o", 5, 8), s.find("o", 5, 7))
print(s.index("world"), s.index("moon"))
print(s.count("o"), s.count("hello"), s.count("l", 0, 5))
print("aaaa".count("aa"), "aaaa".count(""), "".count(""))
print(s.find(""), s.rfind(""), len(s))
print("abc".find("c", -1), "abc".find("a", -1))
try:
    s.index("mars")
except ValueError as e:
    print("ValueError:", e)
