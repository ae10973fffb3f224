s = "  \t hello world \n "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip("x"), "xyhiyx".strip("xy"))
print("www.example.com".lstrip("w."), "www.example.com".rstrip(".com"))
print(repr("".strip()), repr("   ".strip()))
print("--a--".lstrip("-"), "--a--".rstrip("-"))
print("abc".strip("cba"), repr("aaa".strip("a")))
print("\u00a0nbsp\u00a0".strip() == "nbsp")
print("12300".rstrip("0"), "0.500".rstrip("0").rstrip("."))
