def use_before_assign():
    print(value)
    value = 1

def delete_then_use():
    item = 5
    del item
    return item

for fn in [use_before_assign, delete_then_use]:
    try:
        fn()
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
        print(isinstance(e, NameError))
try:
    print(never_defined_anywhere)
except NameError as e:
    print("NameError:", e)
