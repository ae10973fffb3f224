import difflib

before = """def greet(name):
    print("Hello", name)
    return None

def farewell():
    pass
""".splitlines(keepends=True)
after = """def greet(name, punct="!"):
    print("Hello", name + punct)
    return None

def farewell():
    print("bye")
""".splitlines(keepends=True)

print("".join(difflib.unified_diff(before, after, fromfile="a/greet.py", tofile="b/greet.py")), end="")
print("".join(difflib.context_diff(before, after, fromfile="before", tofile="after")), end="")
print(list(difflib.unified_diff(["one", "two", "three"], ["one", "2", "three", "four"], lineterm="")))
print(list(difflib.unified_diff(["a"], ["a"])))
print(list(difflib.unified_diff([], ["new\n"], "old", "new", "2024-01-01", "2024-01-02")))
long_a = [f"line {i}\n" for i in range(30)]
long_b = list(long_a)
long_b[3] = "changed 3\n"
long_b[25] = "changed 25\n"
del long_b[10]
print("".join(difflib.unified_diff(long_a, long_b, n=1)), end="")
print("".join(difflib.context_diff(long_a, long_b, n=0)), end="")
sm = difflib.SequenceMatcher(None, long_a, long_b)
for group in sm.get_grouped_opcodes(2):
    print(group)
