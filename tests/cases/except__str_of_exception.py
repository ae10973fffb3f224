# str(e) of builtin and user exceptions: the one-str-argument case hands
# back the message object itself (str(e) is e.args[0], as in CPython).
msg = "file " + "missing"
e = ValueError(msg)
print(str(e), str(e) is msg, str(e) is e.args[0])
print(repr(str(KeyError("k"))), str(KeyError(msg)) is msg)
print(str(OSError(2, "No such file or directory")))
print(str(FileNotFoundError(2, "No such file", "a.txt")))
print(str(OSError("plain")))
print(repr(str(ValueError())), str(ValueError(1, 2)), str(ValueError(42)))
print(str(RuntimeError(("a", 1))), str(TypeError(None)))


class AppError(Exception):
    pass


class Friendly(Exception):
    def __str__(self):
        return "friendly: " + self.args[0]


a = AppError(msg)
print(str(a), str(a) is msg, str(Friendly("x")))
try:
    int("x1")
except ValueError as err:
    print(str(err))
try:
    {}["nope"]
except KeyError as err:
    print(str(err), f"{err}", err)
eg = ExceptionGroup("several", [ValueError("a"), TypeError("b")])
print(str(eg))
total = 0
for i in range(1000):
    try:
        raise ValueError(f"{i}")
    except ValueError as err:
        total += int(str(err))
print(total)
