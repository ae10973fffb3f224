# Regular expressions as tool-processing code uses them: parsing log lines
# with groups, findall over text, sub with a template and a function,
# split, IGNORECASE search, a validation pattern with fullmatch.
import re

levels = ["INFO", "WARN", "ERROR", "DEBUG"]
lines = []
for i in range(12000):
    lines.append(
        f"2026-11-{i % 28 + 1:02d} 12:{i % 60:02d}:{i * 7 % 60:02d} {levels[i % 4]} "
        f"user={i % 97} id=req-{i:06d} took {i * 13 % 997}ms path=/api/v{i % 3}/items/{i}"
    )
line_re = re.compile(
    r"(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) (\w+) user=(\d+) id=(\S+) took (\d+)ms path=(\S+)"
)
total = 0
by_level = {}
for line in lines:
    m = line_re.match(line)
    if m:
        by_level[m.group(7)] = by_level.get(m.group(7), 0) + 1
        total += int(m.group(10))
text = "\n".join(lines)
ids = re.findall(r"req-(\d+)", text)
paths = re.findall(r"/api/v(\d)/items/(\d+)", text)
errors = len(re.findall(r"(?m)^.*\bERROR\b.*$", text))
masked = re.sub(r"user=\d+", "user=***", text)
swapped = re.sub(r"(\d+)ms", lambda m: str(int(m.group(1)) // 10) + "cs", text[:200000])
parts = re.split(r"[\s=/]+", text[:300000])
emails = [f"person{i}@example{i % 7}.com" if i % 5 else f"bad{i}@@x" for i in range(6000)]
valid = sum(1 for e in emails if re.fullmatch(r"[\w.+-]+@[\w-]+\.[a-z]{2,}", e))
hits = sum(1 for line in lines if re.search(r"warn|debug", line, re.IGNORECASE))
print("checksum", total, sorted(by_level.items()), len(ids), len(paths), errors,
      len(masked), len(swapped), len(parts), valid, hits)
