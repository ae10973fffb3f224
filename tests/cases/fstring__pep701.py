d = {"k": 1, "name": "Ada", "items": [1, 2, 3]}
print(f"{d["k"]}")
print(f"value: {d["name"]!r:>8} and {d['k'] + 1}")
print(f"{"\n".join(["a", "b"])}")
print(f"{'\t'.join(str(i) for i in d["items"])}")
x = 42
print(f"{x=}", f"{x = }", f"{x=:>6}", f"{x=!s}")
print(f"{  # a comment
    x + 1
}")
print(f"""multi
{d["name"]}
line {x:{"^"}{10}}""")
print(f"{f"{x}" + f'{d["k"]}'}")
w = 8
print(f"{3.14159:{w}.{2}f}|{'left':<{w}}|")
print(f"{{literal}} {x}")
items = [{"name": "a", "price": 1.5}, {"name": "b", "price": 2}]
print("\n".join(f"- {it["name"]}: ${it["price"]:.2f}" for it in items))
def fail():
    return f"{undefined_name["k"]}"
try:
    fail()
except NameError as e:
    print(e)
print(f"{x!r}" f"{d["k"]}")
print(rf"\d+{d["k"]}")
