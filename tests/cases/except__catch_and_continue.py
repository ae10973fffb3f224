data = ["10", "x", "30", None, "5"]
total = 0
errors = []
for item in data:
    try:
        total += int(item)
    except ValueError as e:
        errors.append(("value", str(e)))
    except TypeError as e:
        errors.append(("type", str(e)))
print(total)
for kind, msg in errors:
    print(kind, msg)
