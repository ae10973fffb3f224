import io
import pprint

records = [{"id": i, "name": f"user{i}", "roles": ["admin", "dev"] if i % 2 else ["ops"],
            "meta": {"created": "2024-01-0%d" % i, "score": i * 1.5}} for i in range(1, 4)]
pprint.pprint(records)
pprint.pprint(records, width=50, indent=2)
s = io.StringIO()
pprint.pprint({"é": "ünïcode " * 12, "k": [("t", 1)] * 5}, stream=s, width=30)
print(s.getvalue(), end="")
pprint.pprint([[[[[["deep"] * 4] * 3] * 2]]], width=25)
pprint.pprint({"a": ("x" * 30, "y" * 30, "z" * 30)})
pprint.pprint(["tab\tand spaces   here " * 5], width=40)
print(pprint.pformat((("a", 1),), width=5))
print(pprint.pformat([1, [2, 3]], width=1))
