results = []
for token in ["1", "x", "3", "", "5"]:
    try:
        value = int(token)
    except ValueError:
        results.append(None)
        continue
    finally:
        results.append("|")
    if value > 4:
        break
    results.append(value)
print(results)
