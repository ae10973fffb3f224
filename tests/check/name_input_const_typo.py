# expect: 4:17 undefined-name name 'MAX_RETRY' is not defined. Did you mean: 'MAX_RETRIES'?
attempt = 0
page = None
while attempt < MAX_RETRY:
    attempt += 1
    page = read_file("/data/report.txt")
    if page:
        break
print(page)
