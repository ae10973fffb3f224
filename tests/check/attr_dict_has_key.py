# expect: 3:4 attr-unknown 'dict' object has no attribute 'has_key'
weather = get_weather("Lima")
if weather.has_key("wind"):
    print(weather["wind"])
