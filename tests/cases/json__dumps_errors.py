import json
def attempt(*args, **kwargs):
    try:
        print(json.dumps(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":", e)

attempt({1, 2})
attempt([1, {"a": {2}}])
attempt(float("nan"), allow_nan=False)
attempt([float("-inf")], allow_nan=False)
loop = [1]
loop.append(loop)
attempt(loop)
d = {}
d["self"] = [d]
attempt(d)
shared = [1]
attempt([shared, shared])
attempt([1], separators=(",",))
attempt([1], separators=(1, ":"))
attempt([1], indent=1.5)
attempt("str ignores indent", indent=1.5)
attempt([1], bogus=True)
attempt(1, 2)
attempt()
attempt({1, 2}, default=sorted)
attempt({"a": {3, 1}}, default=lambda o: sorted(o), indent=1)
