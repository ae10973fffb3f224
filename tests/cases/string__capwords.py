import string
print(string.capwords("hello world"))
print(string.capwords("  lots   of\tspace\n here  "))
print(string.capwords("ALREADY UPPER and lower"))
print(string.capwords("a-b-c d-e", "-"))
print(string.capwords("x,y,,z", ","))
print(string.capwords(""))
print(repr(string.capwords("o'neil mcdonald 3rd")))
