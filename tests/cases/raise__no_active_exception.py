def handle():
    print("handling nothing")
    raise

handle()
