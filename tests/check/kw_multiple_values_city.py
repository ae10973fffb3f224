# expect: 2:32 call-keyword get_weather() got multiple values for argument 'city'
weather = get_weather("Paris", city="Paris")
print(weather)
