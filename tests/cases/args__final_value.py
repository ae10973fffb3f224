def stats(*values, precision=2):
    mean = sum(values) / len(values)
    return round(mean, precision), min(values), max(values)

stats(3, 4, 8, precision=1)
