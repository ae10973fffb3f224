def parse(text):
    try:
        return int(text)
    except ValueError:
        return fallback[text]

print(parse("12"))
print(parse("twelve"))
