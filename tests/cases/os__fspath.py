# os.fspath: str and bytes pass through, path-likes are asked.
import os
from pathlib import Path, PurePosixPath


class P:
    def __init__(self, v):
        self.v = v

    def __fspath__(self):
        return self.v


print(repr(os.fspath("abc")), repr(os.fspath(b"x/y")))
print(repr(os.fspath(Path("/a/b"))), repr(os.fspath(PurePosixPath("r"))))
print(repr(os.fspath(P("from-class"))), repr(os.fspath(P(b"bytes"))))
print(repr(os.fspath(path="kw")))
for bad in [5, None, 1.5, [1], P(3)]:
    try:
        os.fspath(bad)
    except TypeError as e:
        print("TypeError:", e)
for args, kw in [((), {}), (("a", "b"), {}), ((), {"path": "a", "x": 1}), (("a",), {"path": "b"})]:
    try:
        os.fspath(*args, **kw)
    except TypeError as e:
        print("TypeError:", e)
print(os.path.join(P("a"), "b"), os.path.basename(P(b"d/e")))
