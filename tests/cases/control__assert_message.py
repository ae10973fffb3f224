def withdraw(balance, amount):
    assert amount > 0, "amount must be positive"
    assert amount <= balance, f"insufficient funds: {balance} < {amount}"
    return balance - amount

print(withdraw(100, 30))
try:
    withdraw(10, -1)
except AssertionError as e:
    print("caught:", e)
print(withdraw(50, 80))
