# os.chdir: relative paths follow the working directory; files opened
# before keep the path they were opened at.
import os
from pathlib import Path

start = os.getcwd()
os.makedirs('work/sub', exist_ok=True)
Path('work/a.txt').write_text('top')
Path('work/sub/b.txt').write_text('inner')

print(os.chdir('work'))
print(os.getcwd() == os.path.join(start, 'work'), Path.cwd() == Path(start) / 'work')
print(sorted(os.listdir()), sorted(os.listdir('.')), Path('a.txt').read_text())
print(os.path.abspath('sub') == os.path.join(start, 'work', 'sub'))
print(Path('x').absolute() == Path.cwd() / 'x', os.path.relpath(os.path.join(start, 'work', 'sub', 'b.txt')))

log = open('log.txt', 'w')
log.write('written before chdir\n')
os.chdir(path='sub')
print(open('b.txt').read(), os.path.exists('a.txt'), os.path.exists('../a.txt'))
log.close()
print(os.path.exists('log.txt'), Path('../log.txt').read_text(), end='')
os.chdir('..')
print(sorted(os.listdir()))
print(sorted(str(p) for p in Path('.').iterdir()))
os.chdir(start)
print(os.getcwd() == start, sorted(os.listdir('work')))

for bad in ['missing', 'work/a.txt']:
    try:
        os.chdir(bad)
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror, e.filename)
try:
    os.chdir(None)
except TypeError as e:
    print(e)
print(os.getcwd() == start)
