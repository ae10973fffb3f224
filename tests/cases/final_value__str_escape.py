s = "line\nnext\t'q'"
print(s)
s
