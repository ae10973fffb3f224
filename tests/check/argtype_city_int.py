# expect: 4:23 arg-type get_weather() argument 'city' must be str, not int
city_ids = [2988507, 3936456]
for cid in city_ids:
    print(get_weather(cid))
