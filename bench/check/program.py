# A 200-line code-mode program: `make bench` times its static check
# (against tools.pyi) beside its run (host/examples/figures.rs).
import json

def collect_0(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_0 in ["acme", "globex"]:
    result_0 = collect_0(name_0)
    print(result_0["label"])
    send_email([f"{name_0}@example.com"], "Open orders", result_0["summary"])

def collect_1(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_1 in ["acme", "globex"]:
    result_1 = collect_1(name_1)
    print(result_1["label"])
    send_email([f"{name_1}@example.com"], "Open orders", result_1["summary"])

def collect_2(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_2 in ["acme", "globex"]:
    result_2 = collect_2(name_2)
    print(result_2["label"])
    send_email([f"{name_2}@example.com"], "Open orders", result_2["summary"])

def collect_3(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_3 in ["acme", "globex"]:
    result_3 = collect_3(name_3)
    print(result_3["label"])
    send_email([f"{name_3}@example.com"], "Open orders", result_3["summary"])

def collect_4(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_4 in ["acme", "globex"]:
    result_4 = collect_4(name_4)
    print(result_4["label"])
    send_email([f"{name_4}@example.com"], "Open orders", result_4["summary"])

def collect_5(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_5 in ["acme", "globex"]:
    result_5 = collect_5(name_5)
    print(result_5["label"])
    send_email([f"{name_5}@example.com"], "Open orders", result_5["summary"])

def collect_6(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_6 in ["acme", "globex"]:
    result_6 = collect_6(name_6)
    print(result_6["label"])
    send_email([f"{name_6}@example.com"], "Open orders", result_6["summary"])

def collect_7(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_7 in ["acme", "globex"]:
    result_7 = collect_7(name_7)
    print(result_7["label"])
    send_email([f"{name_7}@example.com"], "Open orders", result_7["summary"])

def collect_8(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_8 in ["acme", "globex"]:
    result_8 = collect_8(name_8)
    print(result_8["label"])
    send_email([f"{name_8}@example.com"], "Open orders", result_8["summary"])

def collect_9(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_9 in ["acme", "globex"]:
    result_9 = collect_9(name_9)
    print(result_9["label"])
    send_email([f"{name_9}@example.com"], "Open orders", result_9["summary"])

def collect_10(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    urls = [f"{API_BASE}/orders/{o['id']}" for o in orders[:3]]
    words = sum(count_words(u) for u in urls)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = label.upper() if len(label) < 80 else label[:77] + "..."
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_10 in ["acme", "globex"]:
    result_10 = collect_10(name_10)
    print(result_10["label"])
    send_email([f"{name_10}@example.com"], "Open orders", result_10["summary"])
