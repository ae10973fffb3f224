# expect: 2:22 used-before-assignment name 'city' is not defined
report = get_weather(city)
city = "Oslo"
print(report)
