text = """first line
  second line
third"""
print(text)
print(len(text.splitlines()))
joined = ("alpha "
          "beta "
          "gamma")
print(joined)
total = 1 + \
    2 + \
    3
print(total)
block = """
indented
"""
print(repr(block))
