# expect: 5:19 arg-type the JSON object must be str, bytes or bytearray, not dict
import json

raw = get_weather("Paris")
data = json.loads(raw)
print(data["temp"])
