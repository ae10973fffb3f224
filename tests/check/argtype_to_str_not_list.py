# expect: 3:12 arg-type send_email() argument 'to' must be list[str], not str
report = "All systems nominal"
send_email("ops@example.com", "Daily report", report)
