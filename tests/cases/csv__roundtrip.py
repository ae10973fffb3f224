import csv
import io
import sys

rows = [
    ['name', 'note', 'n'],
    ['Alice', 'says "hi", then leaves', 1],
    ['Bob', 'multi\nline', 2.5],
    ['', None, True],
    ['tab\there', ' lead', 'trail '],
]
for dialect in ('excel', 'excel-tab', 'unix'):
    buf = io.StringIO()
    w = csv.writer(buf, dialect=dialect)
    for r in rows:
        w.writerow(r)
    text = buf.getvalue()
    print(dialect, repr(text))
    back = list(csv.reader(io.StringIO(text, newline=''), dialect=dialect))
    print(back)

# quoting modes, written and read back
for q in (csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_STRINGS, csv.QUOTE_NOTNULL):
    buf = io.StringIO()
    csv.writer(buf, quoting=q).writerow(['a', 1, 2.5, '', None])
    line = buf.getvalue()
    print(q, repr(line), list(csv.reader([line], quoting=q)))

# escapechar and QUOTE_NONE
buf = io.StringIO()
w = csv.writer(buf, quoting=csv.QUOTE_NONE, escapechar='\\')
w.writerow(['a,b', 'c"d', 'e\\f'])
print(repr(buf.getvalue()))
print(list(csv.reader(io.StringIO(buf.getvalue()), quoting=csv.QUOTE_NONE, escapechar='\\')))

# writerows and what writerow returns
buf = io.StringIO()
w = csv.writer(buf, lineterminator='\n')
print(w.writerow(['x', 'y']))
print(w.writerows([[1, 2], [3, 4]]))
print(repr(buf.getvalue()))

# writing to stdout
out = csv.writer(sys.stdout, lineterminator='\n')
out.writerow(['to', 'stdout', 3])
out.writerows([['a'], ['b']])

# a generator of lines is read lazily
def lines():
    for i in range(3):
        print('yielding', i)
        yield f'{i},{i * i}'

r = csv.reader(lines())
print(next(r), r.line_num)
print(list(r), r.line_num)

# reading quoted fields across lines
data = 'id,text\r\n1,"first\r\nsecond"\r\n2,plain\r\n'
r = csv.reader(io.StringIO(data, newline=''))
for row in r:
    print(row, r.line_num)

# skipinitialspace, strict, doublequote
print(list(csv.reader(['a, "b, c", d'], skipinitialspace=True)))
print(list(csv.reader(['"a""b"'], doublequote=True)))
print(list(csv.reader(['a;b;c'], delimiter=';')))
print(list(csv.reader(['1, 2.5, x'], quoting=csv.QUOTE_NONNUMERIC, skipinitialspace=True)) if False else 'skip')
