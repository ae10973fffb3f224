print("unittest".removeprefix("unit"), "unittest".removeprefix("test"))
print("config.yaml".removesuffix(".yaml"), "config.yaml".removesuffix(".json"))
print(repr("abc".removeprefix("abc")), repr("".removesuffix("x")))
print("aaa".removeprefix("a"), "aaa".removesuffix("a"))
files = ["a.py", "b.txt", "c.py"]
print([f.removesuffix(".py") for f in files if f.endswith(".py")])
