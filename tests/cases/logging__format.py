import logging
import sys

h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("{levelname:<8} {name} {message}", style="{"))
log = logging.getLogger("fmt")
log.addHandler(h)
log.propagate = False
log.warning("brace style %s", "ok")
h.setFormatter(logging.Formatter("$levelname - ${message}", style="$"))
log.warning("dollar style")
h.setFormatter(logging.Formatter("%(levelno)d %(funcName)s %(lineno)d %(module)s %(filename)s %(message)s"))


def caller():
    log.error("from function")


caller()
log.error("from module")
h.setFormatter(logging.Formatter("%(name)s %(user)s %(message)s"))
log.error("extra fields", extra={"user": "ana"})
h.setFormatter(logging.Formatter("%(message)s"))
try:
    raise ZeroDivisionError("division by zero")
except ZeroDivisionError:
    log.exception("division")
log.error("plain after exception")
rec = logging.makeLogRecord({"msg": "made %s", "args": ("here",), "levelname": "INFO"})
print(rec.getMessage(), rec.levelname)
fmt = logging.Formatter("%(levelname)s|%(message)s")
r = logging.LogRecord("n", logging.ERROR, "p.py", 3, "v=%d", (5,), None)
print(fmt.format(r), r.message, r.levelname, r.levelno, r.name)
try:
    logging.Formatter("x", style="?")
except ValueError as e:
    print(e)
try:
    logging.basicConfig(bogus=1)
except ValueError as e:
    print(e)
print(logging.Formatter().format(logging.LogRecord("n", 10, "p", 1, "plain", None, None)))
