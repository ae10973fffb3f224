# expect: 3:7 operator-type can only concatenate str (not "float") to str
temp = get_temperature("Paris")
print("Temperature in Paris: " + temp)
