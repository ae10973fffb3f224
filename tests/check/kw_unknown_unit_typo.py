# expect: 3:27 call-keyword get_weather() got an unexpected keyword argument 'unit'. Did you mean 'units'?
for city in ["Paris", "Oslo"]:
    w = get_weather(city, unit="imperial")
    print(city, w)
