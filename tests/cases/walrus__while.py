data = [5, 3, 8, 0, 2]
i = 0
while (value := data[i]) != 0:
    print("value", value)
    i += 1
print("stopped at index", i)
queue = [1, 2, 3]
while (item := queue.pop() if queue else None) is not None:
    print("popped", item)
