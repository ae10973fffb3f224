s = "héllo wörld"
print(len(s), s.upper(), s.title())
print(s[1], s[-4], s[::-1])
jp = "日本語テキスト"
print(len(jp), jp[2], jp[1:4])
emoji = "a😀b"
print(len(emoji), emoji[1], repr(emoji))
print("straße".upper(), "ǅ".lower(), "İ".lower() == "i̇")
print("Ωmega".lower(), "ß" == "ss")
print(sorted("cäb"))
print("ü" in "über", "über".find("b"))
