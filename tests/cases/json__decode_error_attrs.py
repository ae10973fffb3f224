import json

docs = ['{"a": 1,\n "b": x}', '[1, 2', '', '  \n\n   nope', '{"a" 1}', '[1,]', '"abc', b'{"k": }']
for doc in docs:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(repr(e.msg), e.pos, e.lineno, e.colno, repr(e.doc))
        print(str(e))
        print(e.args)
        print(isinstance(e, ValueError), type(e).__name__)

try:
    json.loads("[1, 2] x")
except ValueError as e:
    print(e.msg, e.pos, e.colno)
