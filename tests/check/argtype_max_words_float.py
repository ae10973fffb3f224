# expect: 3:41 arg-type summarize() argument 'max_words' must be int, not float
page = await fetch_page("https://example.com/post")
short = await summarize(page, max_words=len(page) / 10)
print(short)
