rows = [("apple", 1.5, 3), ("banana", 0.25, 12), ("cherry", 10.0, 100)]
print("{:<10}{:>8}{:>6}".format("name", "price", "qty"))
for name, price, qty in rows:
    print("{:<10}{:>8.2f}{:>6d}".format(name, price, qty))
total = sum([price * qty for _, price, qty in rows])
print("{:-^24}".format(""))
print("{:<10}{:>14,.2f}".format("total", total))
print("{0:>{1}}".format("right", 12))
