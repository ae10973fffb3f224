# expect: 4:1 call-arity notify() missing 1 required keyword-only argument: 'channel'
# stubs: notify_stubs.pyi
user = get_user(42)
notify(user["email"], "Your order shipped")
