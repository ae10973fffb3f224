# expect: 4:19 arg-type count_words() argument 'text' must be str, not list[str]
hits = search("python typing")
titles = [h["title"] for h in hits]
print(count_words(titles))
