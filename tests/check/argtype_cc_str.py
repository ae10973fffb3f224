# expect: 2:62 arg-type send_email() argument 'cc' must be list[str] | None, not str
send_email(["ceo@example.com"], "Q3", "Numbers attached", cc="cfo@example.com")
