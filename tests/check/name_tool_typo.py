# expect: 4:14 undefined-name name 'get_wether' is not defined. Did you mean: 'get_weather'?
cities = ["Paris", "Lima", "Oslo"]
for city in cities:
    report = get_wether(city)
    print(city, report)
