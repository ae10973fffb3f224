# expect: 3:24 arg-type convert_currency() argument 'amount' must be float, not str
amount = read_file("/data/amount.txt").strip()
print(convert_currency(amount, "EUR", "USD"))
