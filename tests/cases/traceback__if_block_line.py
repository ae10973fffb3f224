values = [1, 2, 3]
if len(values) > 2:
    first = values[0]
    second = values[1]
    fourth = values[3]
    print(first, second, fourth)
