print("about to raise a non-exception")
raise "just a string"
