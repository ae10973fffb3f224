# expect: 3:7 async-not-awaited can only concatenate str (not "coroutine") to str
summary = summarize(read_file("/data/report.txt"))
print("Summary: " + summary)
