import difflib

a = ["one\n", "two\n", "three\n", "four\n"]
b = ["ore\n", "tree\n", "emu\n", "four\n"]
print("".join(difflib.ndiff(a, b)), end="")
print("---")
text1 = """  1. Beautiful is better than ugly.
  2. Explicit is better than implicit.
  3. Simple is better than complex.
  4. Complex is better than complicated.
""".splitlines(keepends=True)
text2 = """  1. Beautiful is better than ugly.
  3.   Simple is better than complex.
  4. Complicated is better than complex.
  5. Flat is better than nested.
""".splitlines(keepends=True)
print("".join(difflib.Differ().compare(text1, text2)), end="")
print("---")
print(list(difflib.ndiff(["abcDefghiJkl\n"], ["abcdefGhijkl\n"])))
print(list(difflib.ndiff(["same\n", "x\n"], ["same\n", "y\n", "same\n"])))
print(list(difflib.ndiff(["\tindented line\n"], ["\tindented  line!\n"])))
print(list(difflib.ndiff(["a b c\n"], ["a b c d\n"], charjunk=None)))
print(list(difflib.ndiff(["# c\n", "x = 1\n"], ["x = 2\n"], linejunk=difflib.IS_LINE_JUNK)))
