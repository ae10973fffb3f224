line = "name: value"
pos = line.index(":")
print(pos, line[:pos], line[pos + 2:])
print(line.find(";"))
print(line.index(";"))
