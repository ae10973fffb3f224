# urlencode, parse_qs and parse_qsl.
from urllib.parse import urlencode, parse_qs, parse_qsl, quote


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(urlencode, {"q": "python urllib", "page": 2, "lang": "en"})
show(urlencode, [("a", 1), ("a", 2), ("b", "x&y")])
show(urlencode, (("k", "v"),))
show(urlencode, {"a": 1, "b": [1, 2], "c": "x y", b"d": b"e f", "e": None})
show(urlencode, {"a": 1, "b": [1, 2], "c": "x y", b"d": b"e f", "e": None,
                 "f": (), "g": "hé", "h": [b"x", "y z"]}, doseq=True)
show(urlencode, [("a", 1), ("a", 2)], doseq=True)
show(urlencode, {"a": "/ b"}, safe="/")
show(urlencode, {"a": "/ b"}, quote_via=quote)
show(urlencode, {"a": "é"}, encoding="latin-1")
show(urlencode, {"a": "é"}, encoding="ascii", errors="replace")
show(urlencode, {"path": "/a b"}, quote_via=lambda s, safe, enc=None, err=None: s.upper())
show(urlencode, {})
show(urlencode, [])
show(urlencode, [["a", "b"]])
show(urlencode, "abc")
show(urlencode, 5)
show(urlencode, [(1, 2, 3)])
show(urlencode, [(1,)])
show(urlencode, {"a": 1}, quote_via=lambda *a: a)

show(parse_qsl, "a=1&b=2&a=3")
show(parse_qsl, "q=python+urllib&x=%2F%20")
show(parse_qsl, "a&b=&c=1")
show(parse_qsl, "a&b=&c=1", keep_blank_values=True)
show(parse_qsl, "a==1=2&=x")
show(parse_qsl, "a=1;b=2", separator=";")
show(parse_qsl, "a=1&&b=2")
show(parse_qsl, "a=1", separator=b"&")
show(parse_qsl, "a=%E9&b=%C3%A9", encoding="latin-1")
show(parse_qsl, "a=%E9")
show(parse_qsl, "a=%E9", errors="strict")
show(parse_qsl, "")
show(parse_qsl, None)
show(parse_qsl, b"a=1&b=%20+")
show(parse_qsl, b"a", keep_blank_values=True)
show(parse_qsl, bytearray(b"a=1"))
show(parse_qsl, 5)
show(parse_qsl, "a=1", separator="")
show(parse_qsl, "a=1", separator=5)
show(parse_qsl, "a&b=2", strict_parsing=True)
show(parse_qsl, "a=1&&b=2", strict_parsing=True)
show(parse_qsl, "a=1&b=2", max_num_fields=1)
show(parse_qsl, "a=1&b=2", max_num_fields=2)
show(parse_qsl, "", max_num_fields=0)

show(parse_qs, "a=1&a=2&b=3&a")
show(parse_qs, "a=1&a=2&b=3&a", keep_blank_values=1)
show(parse_qs, "tag=x&tag=y&name=J%C3%BCrgen")
show(parse_qs, b"k=v&k=w")
show(parse_qs, "")
q = parse_qs("ids=1&ids=2&ids=3")
print([int(i) for i in q["ids"]], q.get("missing", ["default"])[0])

params = {"name": "Ana María", "tags": ["a", "b"], "n": 3}
encoded = urlencode(params, doseq=True)
print(encoded)
print(parse_qs(encoded))
