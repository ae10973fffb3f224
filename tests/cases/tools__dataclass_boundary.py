# dataclass instances cross the tool boundary and come back as the
# program's own classes (or, for the host's own dataclasses, as a class
# of that name and fields)
from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass, FrozenInstanceError


@dataclass
class Order:
    id: int
    total: float
    tags: list = field(default_factory=list)


@dataclass(frozen=True)
class Money:
    amount: int
    currency: str = "EUR"


order = Order(1, 9.5, ["a", "b"])
r = echo(order)
print(r == order, type(r) is Order, isinstance(r, Order), r)
print(echo(value=Order(2, 0.5)))

nested = echo([order, {"m": Money(5), "list": [Money(7, "USD"), (Money(1), None)]}])
print(nested)
print(type(nested[1]["m"]) is Money, nested[1]["list"][0].currency, nested[1]["list"][1][0] == Money(1))

print(asdict(echo(order)))
print(astuple(echo(Money(2))))
print(replace(echo(order), total=12.0))
print([f.name for f in fields(echo(order))])

m = echo(Money(3))
try:
    m.amount = 4
except FrozenInstanceError as e:
    print("frozen:", e)
print(hash(m) == hash(Money(3)), m == Money(3), m != Money(4))

receipt = make_receipt(order)
print(receipt, type(receipt).__name__, is_dataclass(receipt))
print(asdict(receipt), receipt.amount * 2)
try:
    receipt.paid = False
except FrozenInstanceError as e:
    print("receipt frozen:", e)
again = make_receipt(Order(3, 1.25))
print(type(again) is type(receipt), again == receipt, replace(again, paid=False))
print(echo(receipt) == receipt)
