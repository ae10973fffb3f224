# Methods that would need a filesystem raise PermissionError in the sandbox
# (CPython would touch the real disk; we only check that an error of the
# OSError family is raised and nothing is invented).
from pathlib import Path

p = Path("/definitely/not/here.txt")
for name, call in [
    ("read_text", lambda: p.read_text()),
    ("read_bytes", lambda: p.read_bytes()),
    ("write_text", lambda: p.write_text("x")),
    ("iterdir", lambda: list(p.iterdir())),
    ("stat", lambda: p.stat()),
    ("open", lambda: p.open()),
    ("mkdir", lambda: p.mkdir()),
    ("unlink", lambda: p.unlink()),
]:
    try:
        result = call()
        print(name, "returned", result)
    except OSError as e:
        print(name, "raised an OSError")
