try:
    raise ValueError("original problem")
finally:
    raise TypeError("problem in finally")
