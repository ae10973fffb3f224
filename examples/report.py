# An agent's program: read the sales export a tool left in a read-only
# mount, total it per region, write a Markdown report into the in-memory
# filesystem (for the agent's next step), and show it.
#
#   monty run examples/report.py --mount examples/sales:/data --memfs 16
import csv
from pathlib import Path

totals = {}
for row in csv.DictReader(Path("/data/q3.csv").read_text().splitlines()):
    revenue = int(row["units"]) * float(row["unit_price"])
    totals[row["region"]] = totals.get(row["region"], 0.0) + revenue

lines = ["# Q3 revenue by region", ""]
for region, revenue in sorted(totals.items(), key=lambda kv: -kv[1]):
    lines.append(f"- {region}: {revenue:,.2f}")
report = Path("/reports/q3.md")
report.parent.mkdir(parents=True, exist_ok=True)
report.write_text("\n".join(lines) + "\n")

try:
    Path("/data/q3.csv").write_text("tampered")
except OSError as e:
    print(f"the input cannot be changed: {e.strerror}")

print(report.read_text(), end="")
