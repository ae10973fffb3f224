import textwrap
block = """
    def f():
        return 1

    print(f())
"""
print(repr(textwrap.dedent(block)))
print(repr(textwrap.dedent("  a\n    b\n  c")))
print(repr(textwrap.dedent("\ta\n\tb")))
print(repr(textwrap.dedent("no indent\n  some")))
print(repr(textwrap.dedent("   \n  x\n   ")))
print(repr(textwrap.dedent("")))
