# str methods with plain arguments (computed without copying the receiver)
# and the edge cases around them that must still behave the same.
s = "héllo wörld, héllo"
print(s.find("llo"), s.rfind("llo"), s.find("xyz"), s.rfind("h"), s.count("l"), s.count("héllo"))
print(s.find(""), s.rfind(""), s.count(""))
print(s.partition(", "), s.rpartition("l"), s.partition("#"), s.rpartition("#"))
print(s.startswith("hé"), s.startswith(""), s.endswith("llo"), s.endswith(("x", "lo")))
print("Straße ǆ".upper(), "ÀÉÎ ΣΑΣ".lower(), "\u2003 x \x1f".strip(), repr(" a ".lstrip()), repr(" a ".rstrip()))
print("a,b,,c".split(","), "a--b--".split("--"), "x".split("x"), "".split(","))
print("aaa".replace("a", "bb"), "abc".replace("", "-"), "ab".replace("b", ""))
print(",".join(["a", "b", "c"]), "".join(("x", "y")), "-".join([]), "é".join(["a", "b"]))
print("-".join(x for x in "abc"), " ".join({"k": 1}))
for bad in [lambda: ",".join(["a", 1]), lambda: "a".partition(""),
            lambda: "a".split(""), lambda: "a".startswith(1), 
            lambda: "a".upper(1), lambda: ",".join(5)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print("abcabc".find("c", 3), "abcabc".count("a", 1), "abc".strip("ac"), "abc".split("b", 0))
