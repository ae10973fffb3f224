print("only this line")
None
