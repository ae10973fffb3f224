# urllib.parse reached through each import form.
import urllib.parse
print(urllib.parse.urlsplit("http://x/y").netloc, urllib.parse.quote("a b"))
import urllib
print(urllib.parse is urllib.parse, urllib.__name__)
import urllib.parse as up
print(up is urllib.parse, up.__name__)
from urllib.parse import urlparse as P, ParseResult, SplitResult, DefragResult
print(P("http://h/p").path, ParseResult.__name__, SplitResult._fields, DefragResult._fields)
from urllib import parse
print(parse is up)
r = ParseResult("http", "h", "/p", "", "q=1", "")
print(r, r.geturl(), r.hostname)
print(SplitResult(scheme="a", netloc="", path="b", query="", fragment="").geturl())
print(up.ParseResultBytes(b"http", b"h", b"/", b"", b"", b"").geturl())
print("http" in up.uses_netloc, "mailto" in up.uses_netloc, up.uses_params[:3])
try:
    from urllib.parse import nothing
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0])
