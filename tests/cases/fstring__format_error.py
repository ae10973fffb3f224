label = "total"
amount = 12.5
print(f"{label}: {amount:.1f}")
print(f"{label:d}")
