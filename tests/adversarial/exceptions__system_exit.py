# expect: exception SystemExit
raise SystemExit(3)
