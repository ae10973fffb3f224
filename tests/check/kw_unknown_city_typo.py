# expect: 2:23 call-keyword get_weather() got an unexpected keyword argument 'cty'. Did you mean 'city'?
weather = get_weather(cty="Lima", units="metric")
print(weather)
