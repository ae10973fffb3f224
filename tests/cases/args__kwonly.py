def fetch(url, *, timeout=10, retries):
    return f"{url} t={timeout} r={retries}"

print(fetch("a", retries=1))
print(fetch("b", retries=2, timeout=5))
print(fetch(retries=0, url="c"))
def log(*messages, level="info", sep=" "):
    return f"[{level}] " + sep.join(messages)
print(log("x", "y"))
print(log("x", "y", level="warn", sep="|"))
try:
    fetch("d", 5, retries=1)
except TypeError as e:
    print("TypeError:", e)
