from string import ascii_lowercase as lower, digits, capwords
print(lower[:5], digits[-3:])
print(capwords("from import works"))
import string
print(string.ascii_lowercase is lower)
print(string.__name__)
