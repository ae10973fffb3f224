import io
import logging
import sys

buf = io.StringIO()
handler = logging.StreamHandler(buf)
handler.setFormatter(logging.Formatter("[%(name)s|%(levelname)s] %(message)s"))
top = logging.getLogger("svc")
top.addHandler(handler)
top.setLevel(logging.DEBUG)

child = logging.getLogger("svc.api.v1")
child.info("from grandchild")
mid = logging.getLogger("svc.api")
print(child.parent.name, mid.parent.name, top.parent.name)
mid.warning("from middle")
child.propagate = False
child.error("not propagated")
child.propagate = True
print(top.getChild("api") is mid, child.getEffectiveLevel())
print(top.hasHandlers(), logging.getLogger("other").hasHandlers())

out = logging.StreamHandler(sys.stdout)
out.setLevel(logging.WARNING)
out.setFormatter(logging.Formatter("OUT %(levelname)s:%(message)s"))
top.addHandler(out)
child.info("only to buffer")
child.warning("to both")
top.removeHandler(out)
top.warning("buffer again")
print(buf.getvalue(), end="")
print(handler.level, out.level, repr(out))


class ListHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append((record.levelname, record.name, self.format(record)))


lh = ListHandler()
lh.setFormatter(logging.Formatter("%(message)s!"))
mod = logging.getLogger("mod")
mod.addHandler(lh)
mod.propagate = False
mod.warning("a=%s b=%s", 1, 2)
mod.error("second")
mod.info("below default level")
print(lh.records)


class OnlyErrors(logging.Filter):
    def filter(self, record):
        return record.levelno >= logging.ERROR


lh.addFilter(OnlyErrors())
mod.warning("filtered out")
mod.error("kept")
print(lh.records[-1])
mod.addFilter(lambda r: "secret" not in r.getMessage())
mod.error("a secret")
mod.error("public")
print([r[2] for r in lh.records])
f = logging.Filter("svc.api")
rec = logging.LogRecord("svc.api.v1", 20, "x.py", 1, "m", (), None)
print(f.filter(rec), logging.Filter("svc.ap").filter(rec), logging.Filter().filter(rec))
raise SystemExit(1)
