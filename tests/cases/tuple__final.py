name = "x"
value = 42
name, value, (value > 40,)
