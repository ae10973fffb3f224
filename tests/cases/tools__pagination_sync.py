# follow "next" cursors until the last page, collecting every item
cursor, pages, items = 0, 0, []
while cursor is not None:
    page = list_items(cursor, page_size=3)
    pages += 1
    items.extend(page["items"])
    cursor = page["next"]
print(pages, "pages", len(items), "items")
in_stock = [i["sku"] for i in items if i["stock"] > 0]
print("in stock:", in_stock)
value = sum(i["price"] * i["stock"] for i in items)
print(f"stock value {value:.2f}")
cheapest = min(items, key=lambda i: i["price"])
print("cheapest", cheapest)
try:
    list_items(0, 0)
except ValueError as e:
    print("bad page size:", e)
