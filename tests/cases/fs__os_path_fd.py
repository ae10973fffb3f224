# os.path given an int (a file descriptor, none open in the sandbox) or a
# path with a NUL byte.
import os

os.mkdir('pd')
open('pd/f.txt', 'w').close()
for fn in [os.path.exists, os.path.isfile, os.path.isdir, os.path.lexists, os.path.islink,
           os.path.getsize, os.path.getmtime, os.path.samefile]:
    for arg in [99999, 2**40, -2**40, 'pd/\0']:
        try:
            args = (arg, 'pd/f.txt') if fn is os.path.samefile else (arg,)
            print(fn.__name__, repr(arg), fn(*args))
        except Exception as e:
            print(fn.__name__, repr(arg), type(e).__name__, e)
try:
    os.path.samefile('pd/f.txt', 99999)
except OSError as e:
    print(type(e).__name__, e, e.errno, e.filename)
try:
    os.path.realpath('pd/\0')
except ValueError as e:
    print(e)
