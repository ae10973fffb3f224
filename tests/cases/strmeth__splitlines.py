text = "one\ntwo\r\nthree\rfour\n"
print(text.splitlines())
print(text.splitlines(True))
print("".splitlines(), "\n".splitlines(), "x\n\ny".splitlines())
print("no newline".splitlines())
print("a\n".split("\n"), "a\n".splitlines())
