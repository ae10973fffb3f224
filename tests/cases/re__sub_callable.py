import re

print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "a1 b22 c333"))
print(re.sub(r"(?P<k>\w+)=(?P<v>\w+)", lambda m: m["v"] + "=" + m["k"], "x=1 y=2"))

def shout(m):
    return m.group(0).upper()

print(re.sub(r"\b\w", shout, "the quick brown fox"))
calls = []
def record(m):
    calls.append(m.span())
    return ""
print(re.sub(r"o", record, "foo bor", count=2), calls)
try:
    re.sub("a", lambda m: 1, "a")
except TypeError as e:
    print("TypeError:", e)
