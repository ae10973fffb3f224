# expect: 2:11 await-not-async object dict can't be used in 'await' expression
weather = await get_weather("Paris")
print(weather["temp"])
