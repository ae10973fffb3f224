queue = ["a", "b", "c"]
print(queue[2], queue[-3])
queue.pop(0)
print(queue)
print(queue[2])
