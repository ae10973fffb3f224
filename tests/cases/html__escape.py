# html.escape and html.unescape.
import html


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(html.escape, "<a href=\"x\">Tom & Jerry's</a>")
show(html.escape, "<a href=\"x\">Tom & Jerry's</a>", quote=False)
show(html.escape, "<a href=\"x\">Tom & Jerry's</a>", False)
show(html.escape, "plain text, nothing to do")
show(html.escape, "")
show(html.escape, "&amp; already")
show(html.escape, "é <ü> €")
show(html.escape, 5)
show(html.escape, None)
show(html.escape, b"<b>")
show(html.escape)

for s in [
    "&amp; &lt; &gt; &quot; &apos; &#x27; &#39;",
    "&nbsp;|&copy;|&reg;|&hellip;|&mdash;|&ndash;|&trade;|&euro;|&pound;|&yen;",
    "&lsquo;x&rsquo; &ldquo;y&rdquo; &laquo;z&raquo; &bull; &middot; &deg; &times; &divide;",
    "&AMP; &LT &gt &amp &copy2020 &notit; &notin; &not",
    "&#65;&#x42;&#X43;&#0068;&#x0045 &#70",
    "&#0; &#13; &#128; &#150; &#151; &#159; &#x80;",
    "&#xD800; &#x110000; &#99999999999999999999; &#1;&#11;&#127;&#xFFFE;&#x1FFFF;",
    "&#; &#x; &#xZ; &; & alone &&amp; a&b",
    "&unknownentity; &zz; &ampxyz; &ltfoo &Aacute; &aacute &Auml; &alpha; &Omega;",
    "&thisnameiswaytoolongtobeanentityatall; &amp;amp;",
    "no ampersand at all",
    "",
    "&#x1F600; &#128512; &hearts; &rarr; &larr; &harr; &check;",
]:
    print(repr(s), "->", repr(html.unescape(s)))

show(html.unescape, 5)
show(html.unescape, None)
show(html.unescape, b"&amp;")
show(html.unescape, ["&"])
show(html.unescape, ["x"])

text = "if a < b && c > \"d\" then 'e'"
print(html.unescape(html.escape(text)) == text)
print(html.unescape(html.escape(text, quote=False)) == text)
print([html.unescape("&#%d;" % n) for n in (9, 10, 32, 160, 8364, 65533)])
