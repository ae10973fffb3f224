# json.dump: what reaches fp.write, and in which order errors surface.
import io
import json


class BadWriter:
    write = 5


class Writer:
    def __init__(self):
        self.chunks = []

    def write(self, chunk):
        self.chunks.append(chunk)


for obj in [[{1}], {'a': {1}}, 1, {1}, [float('nan')], [], {}, 'x', ['x', {1}]]:
    for fp in [BadWriter(), Writer(), io.StringIO()]:
        try:
            json.dump(obj, fp, allow_nan=False)
            print(type(fp).__name__, 'ok', ''.join(fp.chunks) if isinstance(fp, Writer) else fp.getvalue())
        except Exception as e:
            print(type(fp).__name__, type(e).__name__, e)
circ = []
circ.append(circ)
try:
    json.dump(circ, BadWriter())
except Exception as e:
    print(type(e).__name__, e)
for indent in [0.5, '  ', 2, None]:
    try:
        w = Writer()
        json.dump('x', w, indent=indent)
        print(repr(indent), w.chunks)
    except Exception as e:
        print(repr(indent), type(e).__name__, e)
print(json.dumps('x', indent=0.5))
w = Writer()
json.dump({'a': [1, 2], 'b': 'x'}, w)
print(''.join(w.chunks))
