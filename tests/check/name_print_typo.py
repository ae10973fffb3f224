# expect: 4:1 undefined-name name 'pritn' is not defined. Did you mean: 'print'?
weather = get_weather("Paris")
temp = weather["temperature"]
pritn(f"It is {temp} degrees in Paris")
