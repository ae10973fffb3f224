# expect: 3:8 attr-unknown 'str' object has no attribute 'trim'. Did you mean: 'strip'?
raw = read_file("/data/name.txt")
name = raw.trim()
print(name)
