s = "text"
print(s.upper(), s.isalpha())
s.push("x")
