# fnmatch, fnmatchcase, filter and translate.
import fnmatch


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


names = ["main.py", "test_main.py", "README.md", "setup.cfg", "data.json",
         "Makefile", ".hidden", "a/b.py", "x\ny.py", "notes.txt", "img01.png", "img2.PNG"]
for pat in ["*.py", "test_*", "*.[pP][nN][gG]", "img[0-9]*", "?????.*", "*", "[!.]*",
            "*.md", "*a*", "[a-m]*", "*.txt", "a/*", "*[!y]", "[]", "*/*"]:
    print(pat, fnmatch.filter(names, pat))

for name, pat in [("abc", "a?c"), ("abc", "A?C"), ("a.c", "a[.]c"), ("a]c", "a[]]c"),
                  ("a-c", "a[a-]c"), ("a!c", "a[!!]c"), ("a^c", "a[^]c"), ("a^c", "a[^b]c"),
                  ("[x", "[x"), ("a[", "a["), ("a", "[!]"), ("[!]", "[!]"),
                  ("b", "[c-a]"), ("d", "[!b-a]"), ("\n", "?"), ("a\nb", "a*b"),
                  ("\\", "[\\]"), ("ab", "a**b"), ("", "*"), ("", "?"), ("", ""),
                  ("é.txt", "?.txt"), ("ü", "[ä-ü]"), ("x.y", "x.y"), ("xzy", "x.y"),
                  ("aaa", "a*a*a*a"), ("abcabc", "*abc"), ("mississippi", "*ss*ss*")]:
    print(repr(name), repr(pat), fnmatch.fnmatch(name, pat), fnmatch.fnmatchcase(name, pat))

show(fnmatch.fnmatch, b"abc.py", b"*.py")
show(fnmatch.fnmatchcase, b"abc", b"a[a-c]?")
show(fnmatch.filter, [b"a.py", b"b.c"], b"*.py")
show(fnmatch.fnmatch, "abc", b"*")
show(fnmatch.fnmatch, b"abc", "*")
show(fnmatch.fnmatchcase, "abc", b"*")
show(fnmatch.fnmatchcase, b"abc", "*")
show(fnmatch.fnmatch, 5, "*")
show(fnmatch.fnmatch, "x", None)
show(fnmatch.fnmatchcase, 5, "*")
show(fnmatch.fnmatchcase, "x", 5)
show(fnmatch.fnmatchcase, "x", ["*"])
show(fnmatch.filter, ["a", 5], "a")
show(fnmatch.filter, 5, "a")
show(fnmatch.filter, ["a"], 5)
show(fnmatch.translate, 5)
show(fnmatch.fnmatch, "x")

for pat in ["*", "*.py", "a*b*c", "?", "[abc]", "[!abc]", "[a-z]*", "[]]", "[!]]", "[!]",
            "[]", "[", "a[", "[a-]", "[-a]", "[a-c-e]", "[c-a]", "[az-bc]", "[\\]",
            "[\\-a]", "[^a]", "[[]", "[a&&b]", "[a~~b]", "[a||b]", "a.b+c(d)", "**a**",
            "*a*", "a*", "*a", "x?y*z", "[!a-z]", "[a--]", "[--a]", "[!--a]", "tab\there",
            "sp ace", "#~&", "[b-az-y]", "[a-b-]", "[!-a]", "é*[ü-ÿ]", "", "[a-zA-Z0-9_]*.txt",
            "*[0-9]*[0-9]", "?*?", "a**b", "[*]", "[?]", "\\*", "[!b-a]", "[b-a-c]",
            "{a,b}", "$^", "*.tar.gz"]:
    print(repr(pat), repr(fnmatch.translate(pat)))
