def scale(value, factor):
    if not isinstance(factor, (int, float)):
        raise TypeError(f"factor must be a number, not {type(factor).__name__}")
    return value * factor

print(scale(2, 1.5))
print(scale(2, "3"))
