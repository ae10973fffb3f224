import traceback


def show(text):
    # CPython underlines expressions with ^ and ~ lines; the sandbox does not
    for line in text.splitlines():
        if not line.strip() or set(line.strip()) - set("^~"):
            print(line)


def parse(text):
    return int(text)


def load(items):
    return [parse(x) for x in items]


try:
    load(["1", "two"])
except ValueError:
    text = traceback.format_exc()
    show(text)
    print(text.splitlines()[-1])

try:
    raise KeyError("missing")
except KeyError as e:
    lines = traceback.format_exception(e)
    print(len(lines))
    print(lines[0], end="")
    print(lines[-1], end="")
    print(traceback.format_exception_only(e))
    print("".join(traceback.format_exception(type(e), e, e.__traceback__)), end="")

print(traceback.format_exc(), end="")
print(traceback.format_exception_only(None))


class AppError(Exception):
    pass


def step():
    try:
        raise OSError("disk")
    except OSError as err:
        raise AppError("step failed") from err


try:
    step()
except AppError as e:
    show("".join(traceback.format_exception(e)))
    show("".join(traceback.format_exception(e, chain=False)))
    print(traceback.format_exception_only(e)[0], end="")

import sys

print(sys.exception(), sys.exc_info())
try:
    raise ValueError("via exc_info")
except ValueError:
    etype, value, tb = sys.exc_info()
    print(etype.__name__, value, sys.exception() is value)
    print(traceback.format_exception(etype, value, tb)[-1], end="")
    show("".join(traceback.format_exception(*sys.exc_info())))
