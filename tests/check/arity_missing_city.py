# expect: 3:11 call-arity get_weather() missing 1 required positional argument: 'city'
city = "Paris"
weather = get_weather()
print(city, weather["temp"])
