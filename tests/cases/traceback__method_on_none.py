def first_word(text):
    return text.split()[0]

print(first_word("hello world"))
items = {"a": "alpha beta"}
print(first_word(items.get("b")))
