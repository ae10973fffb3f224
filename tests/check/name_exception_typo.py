# expect: 5:12 undefined-name name 'ValueErorr' is not defined. Did you mean: 'ValueError'?
def parse_amount(text):
    try:
        return float(text)
    except ValueErorr:
        return 0.0

print(parse_amount(read_file("/data/amount.txt")))
