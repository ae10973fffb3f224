def validate(age):
    if age < 0:
        raise ValueError(f"age must be >= 0, got {age}")
    return age

print(validate(30))
try:
    validate(-1)
except ValueError as e:
    print("caught:", e)
validate(-42)
