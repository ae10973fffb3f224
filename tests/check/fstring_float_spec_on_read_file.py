# expect: 3:18 format-type Unknown format code 'f' for object of type 'str'
amount = read_file("/data/amount.txt")
print(f"Amount: {amount:.2f} EUR")
