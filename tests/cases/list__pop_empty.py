stack = [1, 2]
print(stack.pop(), stack.pop())
print(stack)
stack.pop()
