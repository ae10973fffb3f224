# os.path's argument errors.
import os.path as p


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


show(p.join)
show(p.join, 1)
show(p.join, "a", 1)
show(p.join, "a", b"b")
show(p.join, b"a", "b")
show(p.join, "a", b="x")
show(p.split)
show(p.split, 1)
show(p.split, "a", "b")
show(p.basename, None)
show(p.dirname, 1.5)
show(p.splitext, 1)
show(p.isabs, None)
show(p.normpath, 1)
show(p.commonpath, [])
show(p.commonpath, ["/a", "b"])
show(p.commonpath, ["/a", b"/b"])
show(p.commonpath, [1])
show(p.commonpath, 5)
show(p.commonprefix, [1])
show(p.relpath, "")
show(p.relpath, 1)
show(p.relpath, "/a", b"/b")
show(p.relpath)
show(p.abspath, 1)
