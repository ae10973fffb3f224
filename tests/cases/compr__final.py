words = ["alpha", "beta", "gamma"]
print(len(words))
{w: w[::-1] for w in words if "a" in w}
