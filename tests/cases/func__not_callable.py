handlers = {"a": len, "b": 5}
print(handlers["a"]("abc"))
print(handlers["b"]("abc"))
