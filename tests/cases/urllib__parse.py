# urlparse / urlsplit: the parts, the result classes and their properties.
from urllib.parse import urlparse, urlsplit, urlunparse, urlunsplit


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


r = urlparse("HTTPS://User:Pass@Example.COM:8443/a/b;p=1?q=2&r=3#frag")
print(r)
print(type(r).__name__, isinstance(r, tuple), len(r))
print(r.scheme, r.netloc, r.path, r.params, r.query, r.fragment)
print(r.hostname, r.port, r.username, r.password)
print(r.geturl())
print(r[0], r[-1], list(r)[:2])
scheme, netloc, path, params, query, fragment = r
print(scheme, fragment)
print(r._replace(fragment="", query="x=1").geturl())
print(r._asdict()["netloc"])
print(r == ("https", "User:Pass@Example.COM:8443", "/a/b", "p=1", "q=2&r=3", "frag"))

s = urlsplit("http://example.com/path;x/y;z?a=1#top")
print(s)
print(type(s).__name__, s.path, s.query, s.fragment, s.geturl())
print(urlparse("http://example.com/path;x/y;z?a=1#top"))

for url in [
    "",
    "example.com",
    "//example.com/x",
    "/just/a/path?q",
    "mailto:someone@example.com",
    "file:///etc/hosts",
    "path:80",
    "1http://x",
    "a b:x",
    "HTTP://Example.COM:80/a;b?c#d",
    "  \thttp://a\nb/c\r",
    "http://[::1]:8080/x",
    "http://[fe80::1%25eth0]/",
    "http://[v1.fe]/",
    "http://u@h",
    "http://u:@h:/",
    "http://@/",
    "ftp://ftp.example.com/pub/file.txt;type=i",
    "tel:+1-800;ext=2",
    "x/y#f",
]:
    p = urlparse(url)
    print(repr(url), "->", tuple(p), p.hostname, p.username, p.password)

print(urlparse("//x/y", "https"))
print(urlparse("x/y#f", allow_fragments=False))
print(urlsplit("http://x/y?a#b", scheme="ftp", allow_fragments=False))

# ports
for url in ["http://a:00080/", "http://a:0/", "http://a:65535/", "http://a/", "http://a:/"]:
    print(url, urlsplit(url).port)
for url in ["http://a:b/", "http://a:99999/", "http://a:-1/", "http://a:+80/", "http://a:8 0/"]:
    show(lambda: urlsplit(url).port)

# invalid netlocs
show(urlsplit, "http://[::1/x")
show(urlsplit, "http://::1]/x")
show(urlsplit, "http://[1.2.3.4]/x")
show(urlsplit, "http://[zz]/x")
show(urlsplit, "http://[vx]/x")
show(urlsplit, "http://a[::1]/x")
show(urlsplit, "http://[::1]x/")
show(urlsplit, "http://a\uff03b/")
show(urlsplit, "http://caf\u00e9.example/")

# unsplit / unparse
show(urlunsplit, ("http", "", "", "", ""))
show(urlunsplit, ("http", "", "x", "", ""))
show(urlunsplit, ("http", "", "/x", "", ""))
show(urlunsplit, ("", "", "//x", "", ""))
show(urlunsplit, ("file", "", "/tmp", "", ""))
show(urlunsplit, ("mailto", "", "a@b", "", ""))
show(urlunsplit, ("https", "h", "p", "q", "f"))
show(urlunparse, ("https", "h", "/p", "params", "q", "f"))
show(urlunparse, ["", "", "rel", "", "", ""])
show(urlunparse, ("a", "b"))
show(urlunparse, ("a", "b", "c", "d", "e", "f", "g"))
show(urlunsplit, 5)
show(urlunsplit, ("http", b"x", "", "", ""))
for u in ["http://a/b/c?d#e", "//net/path", "scheme:opaque", "/p;x?y"]:
    print(u, urlunparse(urlparse(u)) == u, urlunsplit(urlsplit(u)) == u)

# bytes
b = urlparse(b"http://u:p@HOST:80/p;x?q#f")
print(b)
print(type(b).__name__, b.hostname, b.port, b.username, b.password, b.geturl())
print(b.decode())
print(r.encode())
print(urlsplit(b"//x/y"))
show(urlparse, "http://x", b"h")
show(urlparse, b"http://caf\xc3\xa9/")
show(urlparse, 5)
show(urlparse, None)
