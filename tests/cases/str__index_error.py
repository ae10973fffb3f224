word = "abc"
for i in range(3):
    print(i, word[i])
print(word[-3])
print(word[3])
