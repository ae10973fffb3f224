base = 21
print(base)
(answer := base * 2)
