def load(record):
    return parse(record["value"])

def parse(text):
    return convert(text.strip())

def convert(text):
    return int(text)

print(load({"value": " 12 "}))
records = [{"value": "7"}, {"value": "seven"}]
for r in records:
    print(load(r))
