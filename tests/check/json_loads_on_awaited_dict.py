# expect: 5:20 arg-type the JSON object must be str, bytes or bytearray, not dict
import json

payload = await fetch_json("https://api.example.com/stats")
stats = json.loads(payload)
print(stats["visits"])
