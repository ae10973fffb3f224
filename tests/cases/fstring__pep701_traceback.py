data = {"a": 1}
print(f"""start
{data["a"]}
{data["missing"]}
""")
