# quote / unquote and their variants.
from urllib.parse import (quote, quote_plus, quote_from_bytes, unquote,
                          unquote_plus, unquote_to_bytes)


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(quote, "a b&c/d~é€")
show(quote, "a b&c/d~é€", safe="")
show(quote, "/path/with spaces/ä")
show(quote, "é", safe="é/")
show(quote, "é", safe=b"/")
show(quote, "a:b", safe=":")
show(quote, "")
show(quote, "AZaz09_.-~")
show(quote, "".join(chr(i) for i in range(32, 127)))
show(quote, b"a b/c")
show(quote, bytearray(b"\x00\xff"))
show(quote, "a b", encoding="latin-1")
show(quote, "é", encoding="latin-1")
show(quote, "é", encoding="ascii")
show(quote, "é€", encoding="ascii", errors="ignore")
show(quote, "é", encoding="nope")
show(quote, "", encoding="nope")
show(quote, b"a", encoding="x")
show(quote, b"a", errors="x")
show(quote, 5)
show(quote, None)
show(quote, "x", safe=5)

show(quote_plus, "a b+c/d")
show(quote_plus, "a b+c/d", safe="/")
show(quote_plus, "no_space/here")
show(quote_plus, b"a b", safe=b"/")
show(quote_plus, "a b", safe=b"/")
show(quote_plus, "x y&z=1")
show(quote_plus, 5)

show(quote_from_bytes, b"a b/c")
show(quote_from_bytes, b"a b/c", safe="")
show(quote_from_bytes, b"")
show(quote_from_bytes, "abc")

show(unquote, "a%20b%2Fc")
show(unquote, "caf%C3%A9")
show(unquote, "no escapes")
show(unquote, "a%zz%4%41%e2%82%ac%C3é%A9")
show(unquote, "%")
show(unquote, "a%E9b")
show(unquote, "a%E9b", errors="strict")
show(unquote, "a%E9b", encoding="latin-1")
show(unquote, "a%E9b", errors="ignore")
show(unquote, b"a%20b")
show(unquote, "")
show(unquote, None)
show(unquote, 5)
show(unquote, [1])
show(unquote, bytearray(b"%41"))

show(unquote_plus, "a+b%2B")
show(unquote_plus, "%2B+%20")
show(unquote_plus, b"a+b")
show(unquote_plus, 5)

show(unquote_to_bytes, "a%zzé%41")
show(unquote_to_bytes, b"%41%4a%4")
show(unquote_to_bytes, "")
show(unquote_to_bytes, b"")
show(unquote_to_bytes, None)
show(unquote_to_bytes, 5)

for s in ["hello world", "ü/ß?&=#", "100% sure", "a+b=c"]:
    print(repr(s), unquote(quote(s)) == s, unquote_plus(quote_plus(s)) == s)
