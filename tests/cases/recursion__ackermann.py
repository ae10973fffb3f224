def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))

print([ack(m, n) for m in range(3) for n in range(3)])
print(ack(2, 3), ack(3, 3))
def power_set_size(n):
    return 1 if n == 0 else 2 * power_set_size(n - 1)
print(power_set_size(200))
