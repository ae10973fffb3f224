print("raising with two arguments")
raise Exception("code", 404)
