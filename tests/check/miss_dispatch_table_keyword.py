# expect: 3:27 call-keyword get_weather() got an unexpected keyword argument 'cty'. Did you mean 'city'?
handlers = {"weather": get_weather, "search": search}
print(handlers["weather"](cty="Oslo"))
