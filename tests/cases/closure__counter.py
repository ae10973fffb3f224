def make_counter(start=0):
    count = start
    def increment(step=1):
        nonlocal count
        count += step
        return count
    return increment

c1 = make_counter()
c2 = make_counter(100)
print(c1(), c1(), c1(5))
print(c2(), c1())
