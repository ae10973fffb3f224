def make():
    def show():
        return configured_threshold
    print("calling before assignment")
    result = show()
    configured_threshold = 1
    return result

make()
