template = "Hello {name}, you owe {amount:.2f}"
print(template.format(name="Sam", amount=12.5))
print(template.format(name="Kim", amount=3))
print(template.format(name="Lee"))
