# expect: 5:20 attr-unknown 'str' object has no attribute 'captialize'. Did you mean: 'capitalize'?
profile = {"name": "ada lovelace", "born": 1815, "city": "london"}
for key, value in profile.items():
    if isinstance(value, str):
        print(key, value.captialize())
    else:
        print(key, value)
