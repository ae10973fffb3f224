# urljoin (RFC 3986 section 5.4 examples) and urldefrag.
from urllib.parse import urljoin, urldefrag


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


base = "http://a/b/c/d;p?q"
normal = [
    "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s",
    ";x", "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..",
    "../../", "../../g",
]
abnormal = [
    "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g",
    "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x",
    "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
]
for rel in normal + abnormal:
    print(repr(rel), "->", urljoin(base, rel))

print(urljoin("http://example.com/a/b/", "c/d"))
print(urljoin("http://example.com/a/b", "c/d"))
print(urljoin("http://example.com", "page.html"))
print(urljoin("http://example.com/dir/", "/root"))
print(urljoin("http://example.com/a//b/c", "../d"))
print(urljoin("https://api.example.com/v1/", "users?id=3#x"))
print(urljoin("http://x/y", "https://other/z"))
print(urljoin("mailto:a@b", "c"))
print(urljoin("http://x/y#frag", "#other", allow_fragments=False))
print(urljoin("", "rel"), urljoin("http://x/", ""))
print(urljoin(b"http://a/b/c", b"../d"))
show(urljoin, "http://a", b"x")
show(urljoin, 5, "")
show(urljoin, "http://a", 5)

for u in ["http://x/y#z", "http://x/y", "http://x/y?q#", "#only", "http://x/a;p?q#f"]:
    d = urldefrag(u)
    print(repr(u), d, d.url, d.fragment, d.geturl())
d = urldefrag(b"http://x/y#z")
print(d, type(d).__name__, d.decode())
print(type(urldefrag("a#b").encode()).__name__)
url, frag = urldefrag("page#sec")
print(url, frag)
