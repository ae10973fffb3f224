scores = {"ann": 10, "bob": 7}
print(scores["ann"] + scores["bob"])
scores["cy"] * 2
