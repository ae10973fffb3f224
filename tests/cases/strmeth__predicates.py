samples = ["123", "12.3", "abc", "Abc1", "", "   ", " \t\n", "ABC", "abc def", "٣", "½", "Ünï", "A1!"]
for s in samples:
    print(repr(s), s.isdigit(), s.isalpha(), s.isalnum(), s.isspace(), s.isupper(), s.islower())
