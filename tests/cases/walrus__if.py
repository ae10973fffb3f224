text = "the quick brown fox"
if (n := len(text.split())) > 3:
    print(f"long: {n} words")
if (idx := text.find("brown")) >= 0:
    print("found at", idx)
if (missing := text.find("cat")) < 0:
    print("not found", missing)
d = {"k": 0}
if (v := d.get("k")) is not None:
    print("has value", v)
print(n, idx, missing, v)
