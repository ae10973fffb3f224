# html.unescape: every numeric reference below 0x300 and a sweep of the
# named references, checked against a few known values.
import html

out = []
for n in range(0x300):
    out.append("%x:%r" % (n, html.unescape("&#%d;" % n)))
print(" ".join(out))
print(" ".join(repr(html.unescape("&#x%x" % n)) for n in (0, 0x7f, 0x80, 0x9f, 0xa0)))
for name in ["Aacute", "aacute", "AElig", "szlig", "frac12", "sup2", "micro", "para",
             "sect", "cent", "curren", "brvbar", "uml", "ordf", "shy", "macr", "plusmn",
             "acute", "cedil", "ordm", "iquest", "thorn", "yuml", "NotNestedGreaterGreater",
             "fjlig", "ThickSpace", "bne", "nvlt"]:
    print(name, [html.unescape("&%s;" % name), html.unescape("&%s" % name),
                 html.unescape("&%sx" % name)])
