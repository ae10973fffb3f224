# expect: 3:1 call-arity write_file() missing 1 required positional argument: 'content'
report = "\n".join(h["title"] for h in search("release notes"))
write_file(path="/tmp/report.txt")
print(len(report))
