# The POSIX constants of os and os.path, and the import forms.
import os
import os.path
import os.path as osp
from os import path
from os.path import join, splitext

print(repr(os.sep), repr(os.altsep), repr(os.extsep), repr(os.curdir))
print(repr(os.pardir), repr(os.linesep), repr(os.name), repr(os.devnull))
print(repr(os.pathsep), repr(os.defpath))
print(repr(os.path.sep), repr(os.path.altsep), repr(os.path.pardir))
print(os.path is path, osp is path)
print(join("a", "b"), splitext("x.py"))
print(os.getenv("MONTY_SURELY_UNSET_VARIABLE"))
print(os.getenv("MONTY_SURELY_UNSET_VARIABLE", "fallback"))
print("MONTY_SURELY_UNSET_VARIABLE" in os.environ)
try:
    os.getenv(1)
except TypeError as e:
    print("TypeError:", e)
try:
    os.getenv()
except TypeError as e:
    print("TypeError:", e)
print(os.O_RDONLY, os.SEEK_END, os.F_OK)
