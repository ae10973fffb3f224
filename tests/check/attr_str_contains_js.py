# expect: 3:4 attr-unknown 'str' object has no attribute 'contains'
text = await fetch_page("https://example.com/status")
if text.contains("OK"):
    print("service is up")
