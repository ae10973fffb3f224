word = "conformance"
print(word[:4])
word[::-1][:5], word[1::2]
