import csv
import io

data = 'name,age,city\nAlice,30,Paris\nBob,25\nCarol,41,Rome,extra\n\nDan,19,Oslo\n'
reader = csv.DictReader(io.StringIO(data))
print(reader.fieldnames)
for row in reader:
    print(row)
print(reader.line_num)

reader = csv.DictReader(io.StringIO(data), restkey='more', restval='?')
print(list(reader))

reader = csv.DictReader(['1;2', '3;4'], fieldnames=['a', 'b'], delimiter=';')
print([dict(r) for r in reader])

out = io.StringIO()
w = csv.DictWriter(out, fieldnames=['name', 'score'], lineterminator='\n')
print(w.writeheader())
print(w.writerow({'name': 'x', 'score': 1}))
w.writerows([{'name': 'y'}, {'score': 3, 'name': 'z,w'}])
print(repr(out.getvalue()))

w = csv.DictWriter(io.StringIO(), ['a'])
try:
    w.writerow({'a': 1, 'b': 2})
except ValueError as e:
    print('ValueError:', e)
w = csv.DictWriter(io.StringIO(), ['a'], extrasaction='ignore')
print(w.writerow({'a': 1, 'b': 2}))
try:
    csv.DictWriter(io.StringIO(), ['a'], extrasaction='skip')
except ValueError as e:
    print('ValueError:', e)

# round trip of records through DictWriter and DictReader
records = [{'id': 1, 'tags': 'a,b', 'note': 'say "x"'}, {'id': 2, 'tags': '', 'note': 'two\nlines'}]
buf = io.StringIO()
w = csv.DictWriter(buf, fieldnames=list(records[0]))
w.writeheader()
w.writerows(records)
print(repr(buf.getvalue()))
buf.seek(0)
print(list(csv.DictReader(buf)))
print(type(reader).__name__, str(type(w)))
