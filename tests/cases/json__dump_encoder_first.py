# json.dump makes its encoder (checking its keyword arguments) and encodes
# before it looks up `fp.write`.
import io
import json

try:
    json.dump(1, 2, bogus=3)
except TypeError as exc:
    print('TypeError:', exc)
try:
    json.dump({1, 2}, 2)
except TypeError as exc:
    print('TypeError:', exc)
try:
    json.dump(1, 2)
except AttributeError as exc:
    print('AttributeError:', exc)
buf = io.StringIO()
json.dump({'a': [1, 2]}, buf, indent=1)
print(buf.getvalue())
