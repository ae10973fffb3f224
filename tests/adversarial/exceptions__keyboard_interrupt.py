# expect: exception KeyboardInterrupt
raise KeyboardInterrupt
