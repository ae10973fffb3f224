def get_pair(flag):
    if flag:
        return 1, 2
    return 0

a, b = get_pair(True)
print(a, b)
a, b = get_pair(False)
