# expect: 2:48 call-keyword ask_llm() got an unexpected keyword argument 'temprature'. Did you mean 'temperature'?
answer = await ask_llm("Summarize the orders", temprature=0.2)
print(answer)
