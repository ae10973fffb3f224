data = [{"a": (1, 2.5, None, True)}, "it's", [], {}]
data
