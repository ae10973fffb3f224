rows = [("Widget", 3, 4.5), ("Gadget", 12, 19.99), ("Thingamajig", 1, 1000.0)]
print(f"{'Item':<12}{'Qty':>5}{'Price':>10}{'Total':>12}")
print("-" * 39)
grand = 0
for name, qty, price in rows:
    total = qty * price
    grand += total
    print(f"{name:<12}{qty:>5}{price:>10.2f}{total:>12,.2f}")
print(f"{'':<12}{'':>5}{'Sum':>10}{grand:>12,.2f}")
