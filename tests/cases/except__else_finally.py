def attempt(value):
    try:
        result = 10 // value
    except ZeroDivisionError:
        print("  except")
        result = None
    else:
        print("  else", result)
    finally:
        print("  finally")
    return result

print(attempt(2))
print(attempt(0))
try:
    print("body")
finally:
    print("cleanup without except")
