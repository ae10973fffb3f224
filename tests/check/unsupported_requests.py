# expect: 2:8 unsupported No module named 'requests' (not available in this sandbox)
import requests

resp = requests.get("https://api.example.com/weather?city=Paris")
print(resp.json()["temp"])
