import io
import sys

buf = io.StringIO()
print('hello', 42, file=buf)
print('a', 'b', sep='-', end='!', file=buf)
print(file=buf)
print(repr(buf.getvalue()))


class Recorder:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)

    def flush(self):
        self.parts.append('<flush>')


r = Recorder()
print('x', 1, None, file=r, flush=True)
print(r.parts)
print('plain', file=None)
print('to stdout', file=sys.stdout)
try:
    print('x', file=5)
except AttributeError as e:
    print('AttributeError:', e)
