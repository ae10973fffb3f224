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
