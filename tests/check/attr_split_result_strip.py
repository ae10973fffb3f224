# expect: 4:9 attr-unknown 'list' object has no attribute 'strip'
line = read_file("/data/line.txt")
parts = line.split(",")
clean = parts.strip()
print(clean)
