# expect: 3:31 call-arity get_temperature() takes 1 positional argument but 2 were given
paris, oslo = "Paris", "Oslo"
diff = get_temperature(paris, oslo)
print(f"Difference: {diff}")
