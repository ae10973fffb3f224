def find_first_negative(values):
    for i, v in enumerate(values):
        if v < 0:
            return i, v
    return None

print(find_first_negative([3, 4, -1, -7]))
print(find_first_negative([1, 2]))
def first_word_longer_than(words, n):
    i = 0
    while i < len(words):
        if len(words[i]) > n:
            return words[i]
        i += 1
print(first_word_longer_than(["a", "abc", "abcdef"], 2), first_word_longer_than([], 1))
