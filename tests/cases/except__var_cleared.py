try:
    raise ValueError("temporary")
except ValueError as err:
    message = str(err)
    print("inside:", err)
print("saved:", message)
print(err)
