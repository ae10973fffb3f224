# expect: 4:1 async-not-awaited coroutine 'fetch_page' was never awaited
import tools

tools.fetch_page("https://example.com/ping")
print("pinged")
