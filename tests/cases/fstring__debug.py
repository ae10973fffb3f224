x = 10
name = "Ann"
print(f"{x=}")
print(f"{name=}")
print(f"{x = }")
print(f"{x*2=}")
print(f"{name=!s}")
print(f"{x=:>5}")
print(f"{3.14159=:.2f}")
items = [1, "a"]
print(f"{items=} {len(items)=}")
print(f"{x + 1 = }")
