# expect: 2:22 call-keyword translate() got some positional-only arguments passed as keyword arguments: 'text'
greeting = translate(text="Guten Tag", target="en")
print(greeting)
