# expect: 3:11 operator-type can only concatenate str (not "int") to str
hits = search("sandboxing")
message = "Found " + len(hits) + " results"
print(message)
