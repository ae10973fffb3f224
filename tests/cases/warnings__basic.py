import sys
import warnings

# CPython writes warnings to sys.stderr as it is when warning
sys.stderr = sys.stdout


def old_api(x):
    warnings.warn("old_api is deprecated", DeprecationWarning, stacklevel=2)
    return x * 2


for i in range(3):
    warnings.warn("shown once for this line")

warnings.warn("plain user warning")
warnings.warn(UserWarning("an instance"))
warnings.warn("runtime", RuntimeWarning)
print(old_api(2))
print(old_api(3))


def inner():
    warnings.warn("from inner")


inner()
inner()
print(issubclass(DeprecationWarning, Warning), issubclass(UserWarning, Exception))
try:
    warnings.warn("bad", "notacategory")
except TypeError as e:
    print("TypeError:", e)
try:
    warnings.warn("bad", ValueError)
except TypeError as e:
    print("TypeError:", e)
print(warnings.formatwarning("msg", UserWarning, "file.py", 12), end="")
print(warnings.formatwarning("msg", FutureWarning, "file.py", 12, "  code()  "), end="")
warnings.showwarning("shown directly", SyntaxWarning, "other.py", 3)
