# Functions that would touch the OS: argument errors come first and match
# CPython; the call itself fails with an OSError (never a result).
import os


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__ + ":", e)


show(os.listdir, 1.5)
show(os.listdir, ".", ".")
show(os.listdir, foo=1)
show(os.listdir, path=".", foo=1)
show(os.listdir, 2**40)
show(os.stat)
show(os.stat, 1.5)
show(os.stat, ".", True)
show(os.stat, ".", 1, 2, 3)
show(os.stat, ".", path=".")
show(os.stat, ".", dir_fd=2**100)
show(os.stat, -(2**40))
show(os.lstat, 1.5)
show(os.mkdir)
show(os.mkdir, "a", "rw")
show(os.mkdir, "zz-should-not-exist", 2**31)
show(os.mkdir, "a", 1, 2)
show(os.makedirs)
show(os.makedirs, 1.5)
show(os.makedirs, "a", 1, True, 4)
show(os.makedirs, "a", wrong=1)
show(os.remove, 1.5)
show(os.unlink, "a", "b")
show(os.rmdir, 1.5)
show(os.rename, "a")
show(os.rename, 1.5, "b")
show(os.rename, "a", "b", dst="c")
show(os.replace, "a", 1.5)
show(os.system)
show(os.system, 1)
show(os.open, "a")
show(os.urandom, -1)
show(os.urandom, 1.5)
show(os.scandir, 1.5)
for f, args in [(os.listdir, (99999,)), (os.stat, (99999,))]:
    try:
        f(*args)
    except OSError as e:
        print(f.__name__, "OSError:", e)
for name, call in [
    ("listdir", lambda: os.listdir("/definitely/not/here")),
    ("stat", lambda: os.stat("/definitely/not/here")),
    ("remove", lambda: os.remove("/definitely/not/here")),
    ("rmdir", lambda: os.rmdir("/definitely/not/here")),
    ("rename", lambda: os.rename("/definitely/not/here", "/definitely/not/there")),
    ("exists", lambda: os.path.getsize("/definitely/not/here")),
]:
    try:
        print(name, "returned", call())
    except OSError:
        print(name, "raised an OSError")
