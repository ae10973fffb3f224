# Files through the host's filesystem: pathlib reads and writes, directory
# listing, globbing, stat, rename and removal, and CPython's errors.
from pathlib import Path

root = Path("work")
root.mkdir()
print(root.exists(), root.is_dir(), root.is_file())

report = root / "report.txt"
print(report.write_text("line 1\nline 2\n"))
print(report.read_text().splitlines(), report.stat().st_size)
print(report.read_bytes())
print((root / "data.bin").write_bytes(bytes(range(5))), (root / "data.bin").read_bytes())

(root / "sub" / "deep").mkdir(parents=True)
(root / "sub" / "a.csv").write_text("x,y\n1,2\n")
(root / "sub" / "deep" / "b.csv").write_text("x,y\n3,4\n")
print(sorted(p.name for p in root.iterdir()))
print(sorted(str(p) for p in root.glob("*.txt")))
print(sorted(str(p) for p in root.rglob("*.csv")))
print(sorted(str(p) for p in root.glob("**/*.csv")))

moved = report.rename(root / "final.txt")
print(moved, moved.exists(), report.exists())
(root / "final.txt").unlink()
(root / "final.txt").unlink(missing_ok=True)
print(sorted(p.name for p in root.iterdir()))

for action in [
    lambda: (root / "missing.txt").read_text(),
    lambda: (root / "missing.txt").unlink(),
    lambda: root.mkdir(),
    lambda: (root / "sub").rmdir(),
    lambda: (root / "nope" / "x").mkdir(),
]:
    try:
        action()
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror, e.filename)

root.mkdir(exist_ok=True)
(root / "touched").touch()
print((root / "touched").read_bytes(), (root / "touched").exists())
