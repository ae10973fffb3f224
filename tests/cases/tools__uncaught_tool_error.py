print("before")
result = add(1, 2)
print("result", result)
value = result + "x"
