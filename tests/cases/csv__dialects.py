import csv
import io

print(csv.list_dialects())
d = csv.get_dialect('excel')
print(d.delimiter, repr(d.quotechar), d.escapechar, d.doublequote, d.skipinitialspace, repr(d.lineterminator), d.quoting, d.strict)
print(type(d), type(d.quoting))
u = csv.get_dialect('unix')
print(repr(u.lineterminator), u.quoting == csv.QUOTE_ALL)
print(csv.excel.delimiter, repr(csv.excel_tab.delimiter), repr(csv.unix_dialect.lineterminator))

csv.register_dialect('pipes', delimiter='|', quoting=csv.QUOTE_ALL, lineterminator='\n')
print(csv.list_dialects())
p = csv.get_dialect('pipes')
print(p.delimiter, p.quoting, repr(p.lineterminator))
buf = io.StringIO()
csv.writer(buf, 'pipes').writerow(['a', 'b|c', 1])
print(repr(buf.getvalue()))
print(list(csv.reader(['"a"|"b|c"|"1"'], dialect='pipes')))
csv.register_dialect('semi', 'excel', delimiter=';')
print(csv.get_dialect('semi').delimiter, repr(csv.get_dialect('semi').lineterminator))
csv.unregister_dialect('pipes')
print(csv.list_dialects())

class Custom:
    delimiter = ':'
    quotechar = "'"

r = csv.reader(["a:'b:c'"], dialect=Custom)
print(list(r), r.dialect.delimiter, r.dialect.quotechar)
print(csv.reader([], quotechar=None).dialect.quoting == csv.QUOTE_NONE)
print(csv.reader([], doublequote=0).dialect.doublequote)
print(csv.field_size_limit())
try:
    d.delimiter = ';'
except AttributeError as e:
    print('AttributeError:', e)
r = csv.reader([])
try:
    r.line_num = 3
except AttributeError as e:
    print('AttributeError:', e)
print(csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE, csv.QUOTE_STRINGS, csv.QUOTE_NOTNULL)
