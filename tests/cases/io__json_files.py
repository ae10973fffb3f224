import io
import json

buf = io.StringIO()
print(json.dump({'a': [1, 2.5, None], 'b': 'é'}, buf, indent=2, sort_keys=True))
print(buf.getvalue())
buf.seek(0)
print(json.load(buf))
print(json.load(io.BytesIO(b'{"x": [true, false]}')))
print(json.load(io.StringIO('[1, 2]'), parse_int=str))


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


s = Sink()
json.dump([1, 'two'], s)
print(''.join(s.parts))

for bad in (lambda: json.dump({}), lambda: json.load(), lambda: json.dump({}, 5), lambda: json.load(5)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ':', e)
