guests = ["ann", "bob"]
guests.remove("ann")
print(guests)
guests.remove("zed")
