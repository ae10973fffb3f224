# os.path's string functions (posixpath semantics).
import os.path as p

for a in ["", "/", "//", "///", "a", "/a", "a/", "a/b", "//a//b//", "/a//", "a/b/"]:
    print(repr(a), p.split(a), repr(p.basename(a)), repr(p.dirname(a)), p.isabs(a))
for a in ["", "a", "a.b", ".b", "a.", "..b", "a..b", "a/.b", "a.b/c", ".a.b", "...", "a/b.c.d", "/.", "a/..b", "x/y.tar.gz"]:
    print(repr(a), p.splitext(a))
for a in ["", ".", "/", "//", "///", "a/b/../c", "../a", "a/../..", "/../a", "//a/./b/", "a//b", "./", "a/b/..", "/a/b/../../..", "..", "../.."]:
    print(repr(a), repr(p.normpath(a)))
print(p.join("a"), p.join("a", "b"), p.join("a/", "b"), p.join("a", "/b"), repr(p.join("", "")))
print(p.join("a", ""), p.join("a", "", "b"), p.join("/a", "b", "c"), p.join("a", "b", "/c", "d"))
print(p.join(b"a", b"b"), p.split(b"/x/y"), p.splitext(b"f.txt"), p.normpath(b"a/./b/.."))
print(p.commonprefix([]), p.commonprefix(["abc", "abd"]), p.commonprefix(["é1", "é2"]), p.commonprefix([b"ab", b"ac"]))
print(p.commonpath(["/a/b/c", "/a/b/d"]), p.commonpath(["a/b/c", "a/./b/d"]), p.commonpath(["/a", "/b"]))
print(repr(p.commonpath(["a", "b"])), p.commonpath(["//a/b", "//a/c"]), p.commonpath(["a/..", "a/b"]), p.commonpath([b"/a/b", b"/a/c"]))
print(p.abspath("/a/../b"), p.abspath("//a"), p.abspath(b"/x/./y"))
print(p.relpath("/a/b", "/a"), p.relpath("/a", "/a/b/c"), p.relpath("/a", "/a"), p.relpath("/a/b/c", "/a/d"), p.relpath(b"/a/b", b"/a"))
print(p.splitdrive("/x"), p.expanduser("x~"), p.expanduser(b"plain"))
import posixpath
print(posixpath.join("x", "y"), p.join(a="k"), p.__name__)
for a in ["", "/", "//", "///", "//a", "///a", "a", b"//a"]:
    print(repr(a), p.splitroot(a))
print(p.normcase("/A/b"), p.relpath("a", "a/b"), p.relpath("a"), p.relpath("a/b", ""), p.expanduser("~no_such_user_zz/x"))
print(p.expandvars("no dollars"), p.expandvars("$MONTY_SURELY_UNSET/x ${MONTY_SURELY_UNSET} $ ${} $$"), p.expandvars(b"$X/\xff"))
print(p.exists(""), p.isdir(""), p.isfile(""), p.lexists(""), p.isjunction("x"), p.supports_unicode_filenames in (True, False))
for f, arg in [(p.exists, 1.5), (p.islink, 1.5), (p.getsize, None), (p.normpath, None), (p.splitroot, 1)]:
    try:
        f(arg)
    except TypeError as e:
        print("TypeError:", e)
