# wrap tool results in dataclasses and compute a summary
from dataclasses import dataclass, field, asdict

@dataclass(order=True)
class Item:
    price: float
    sku: str
    stock: int = field(compare=False)

    @property
    def value(self):
        return round(self.price * self.stock, 2)

page = list_items(0, 6)
items = [Item(price=r["price"], sku=r["sku"], stock=r["stock"]) for r in page["items"]]
for item in sorted(items, reverse=True)[:3]:
    print(item, item.value)
print(asdict(min(items)))
print("total value", sum(i.value for i in items), "next cursor", page["next"])
