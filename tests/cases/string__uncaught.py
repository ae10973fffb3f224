import string
print(string.digits)
print(string.no_such_constant)
