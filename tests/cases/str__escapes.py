print("tab:\tend")
print("line1\nline2")
print("quote: \" and ' and \\")
print('single \'quoted\'')
print(r"raw \n stays", len(r"\n"), len("\n"))
print("\x41\x42\u0043", "\u00e9")
print("a\
b")
print("""triple
quoted "string" here""")
print('''it's
three''')
print(len("\t\n\r\\"))
print("\101\102")
