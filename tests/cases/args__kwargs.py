def show(**kw):
    print(type(kw).__name__, kw)
    for k, v in kw.items():
        print(" ", k, "=", v)

show()
show(b=2, a=1, c=3)
def tag(name, **attrs):
    parts = [name] + [f'{k}="{v}"' for k, v in attrs.items()]
    return "<" + " ".join(parts) + ">"
print(tag("div"))
print(tag("a", href="/x", title="X"))
opts = {"id": "main", "cls": "box"}
print(tag("span", **opts))
print(tag(**{"name": "p", "lang": "en"}))
