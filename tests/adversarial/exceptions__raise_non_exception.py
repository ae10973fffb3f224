# expect: exception TypeError
raise 42
