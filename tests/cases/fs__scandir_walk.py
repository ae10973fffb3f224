# os.scandir and os.walk over a small tree: DirEntry, pruning, bottom-up, errors.
import os
from pathlib import Path

for d in ['tree/src/pkg', 'tree/docs', 'tree/.git/objects', 'tree/empty']:
    os.makedirs(d, exist_ok=True)
for f, text in [
    ('tree/README.md', '# demo\n'),
    ('tree/src/main.py', 'print(1)\n'),
    ('tree/src/pkg/util.py', 'x = 1\n'),
    ('tree/docs/guide.txt', 'read me\n'),
    ('tree/.git/objects/ab', 'blob'),
]:
    Path(f).write_text(text)

# === scandir: entries, types, sizes ===
with os.scandir('tree') as it:
    entries = sorted(it, key=lambda e: e.name)
for e in entries:
    print(e.name, e.path, e.is_dir(), e.is_file(), e.is_symlink())
print([e.name for e in entries if e.is_file() and e.stat().st_size > 0])
print(type(entries[0]).__name__, repr(entries[1]))
print(os.fspath(entries[0]) == entries[0].path, Path(entries[0]).name)

# === scandir as an iterator, closed early ===
it = os.scandir('tree/src')
first = next(it)
print(type(first).__name__, first.name in ('main.py', 'pkg'))
it.close()
print(list(it))

# === a file's size through DirEntry.stat, bytes paths ===
print(sorted((e.name, e.stat().st_size) for e in os.scandir('tree/src') if e.is_file()))
print(sorted(e.name for e in os.scandir(b'tree/docs')))

# === walk top-down, pruning hidden directories in place ===
for root, dirs, files in os.walk('tree'):
    dirs[:] = sorted(d for d in dirs if not d.startswith('.'))
    print(root, dirs, sorted(files))

# === walk bottom-up: every directory after its subdirectories ===
seen = []
for root, dirs, files in os.walk('tree', topdown=False):
    seen.append(root)
    for d in dirs:
        assert os.path.join(root, d) in seen, (root, d)
print(sorted(seen))
print(seen[-1])

# === a file count the way agents write it ===
total = sum(len(files) for _, _, files in os.walk('tree'))
print('files:', total)

# === errors ===
try:
    os.scandir('missing')
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.filename)
print(list(os.walk('missing')))
errors = []
print(list(os.walk('missing', onerror=errors.append)), [type(e).__name__ for e in errors])
try:
    os.DirEntry()
except TypeError as e:
    print(e)
gen = os.walk('tree')
print(type(gen).__name__)

# === DirEntry's arguments and attributes ===
entry = next(e for e in os.scandir('tree') if e.name == 'docs')
for bad in [lambda: entry.is_dir(True), lambda: entry.is_file(x=1), lambda: setattr(entry, 'name', 'x'), lambda: entry.size]:
    try:
        bad()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
print(entry.is_dir(follow_symlinks=False), entry.stat(follow_symlinks=True).st_size >= 0)
