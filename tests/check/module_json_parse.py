# expect: 5:10 attr-unknown module 'json' has no attribute 'parse'
import json

raw = read_file("/data/config.json")
config = json.parse(raw)
print(config["name"])
