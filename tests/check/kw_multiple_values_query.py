# expect: 3:26 call-keyword search() got multiple values for argument 'query'
topic = "wasm"
hits = search(topic, 10, query=topic)
print(len(hits))
