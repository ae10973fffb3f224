# pathlib's pure path arithmetic (PurePosixPath semantics).
from pathlib import Path, PurePath, PurePosixPath, PosixPath
import pathlib

paths = ["/usr/local/bin/python3.13", "a/b.tar.gz", ".bashrc", "/", "", ".", "..", "a/../b",
         "//srv/x", "///abs", "dir/", "file.", "x/.hidden.txt", "a//b/./c"]
for text in paths:
    p = Path(text)
    print(repr(text), repr(p), str(p), p.name, repr(p.stem), repr(p.suffix), p.suffixes,
          p.parts, p.is_absolute(), repr(p.parent), [str(q) for q in p.parents], p.root, p.anchor)

print(Path("a", "b", "c"), Path("a", "/b", "c"), Path(), Path(Path("x"), "y"))
print(Path("/usr") / "lib" / "x.so", "/etc" / Path("hosts"), Path("a") / "/b", Path("a") / Path("b"))
print(Path("/a").joinpath("b", Path("c")), Path("a").joinpath())
p = Path("/tmp/report.final.csv")
print(p.with_name("x.txt"), p.with_suffix(".json"), p.with_suffix(""), p.with_stem("summary"))
print(Path("a/b").with_suffix(".py"), Path("noext").with_stem("other"))
print(p.relative_to("/tmp"), p.relative_to(Path("/")), p.is_relative_to("/tmp"), p.is_relative_to("/var"))
print(Path("/a/b").relative_to("/a/b"), Path("/a/b/c").relative_to("/a/x", walk_up=True))
print(p.match("*.csv"), p.match("tmp/*.csv"), p.match("/tmp/*.csv"), p.match("/*.csv"), p.match("*.txt"))
print(Path("a/b.py").match("[ab]/?.py"), Path("a/b.py").match("[!a]/*.py"))
print(p.as_posix(), p.__fspath__(), p.as_uri(), f"{p}", str(p) == "/tmp/report.final.csv")
print(Path("a") == Path("a"), Path("a") == Path("./a"), Path("a") == "a", Path("a") != Path("b"))
print(Path("a") < Path("b"), Path("a/b") < Path("a/c"), Path("/z") < Path("a"), sorted([Path("b"), Path("a/c"), Path("a")]))
print(hash(Path("a/b")) == hash(Path("a//b")), len({Path("x"), Path("x/"), Path("./x"), Path("y")}))
print(type(p), type(p).__name__, isinstance(p, Path), isinstance(p, PurePath), isinstance("a", Path))
print(PurePosixPath("a/b").name, PosixPath("q").suffix, pathlib.Path("z").parent)

def check(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

check(lambda: Path(1))
check(lambda: Path("a") / 1)
check(lambda: 1 / Path("a"))
check(lambda: Path("a").joinpath(None))
check(lambda: Path("/").with_name("x"))
check(lambda: Path("a").with_name("b/c"))
check(lambda: Path("a").with_name(""))
check(lambda: Path("a").with_suffix("txt"))
check(lambda: Path("a").with_suffix("."))
check(lambda: Path("a.txt").with_stem(""))
check(lambda: Path("/a/b").relative_to("/c"))
check(lambda: Path("a/b").relative_to("/a"))
check(lambda: Path("a").as_uri())
check(lambda: Path("a").match(""))
check(lambda: Path("a") < "b")
check(lambda: Path("a").is_absolute(1))
