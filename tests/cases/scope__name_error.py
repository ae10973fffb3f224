def report():
    print("reporting")
    print(undefined_total_value)

value = 3
print(value)
report()
