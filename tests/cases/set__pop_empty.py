tasks = {"only"}
print(tasks.pop())
print(len(tasks))
tasks.pop()
