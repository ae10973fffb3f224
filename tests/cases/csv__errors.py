import csv
import io

def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

attempt(lambda: list(csv.reader(['"a"b'], strict=True)))
attempt(lambda: list(csv.reader(['"abc'], strict=True)))
attempt(lambda: list(csv.reader(['a\nb'])))
attempt(lambda: list(csv.reader([1])))
attempt(lambda: list(csv.reader([b'x'])))
attempt(lambda: list(csv.reader(5)))
attempt(lambda: csv.reader([], quoting=9))
attempt(lambda: csv.reader([], quotechar=None, quoting=csv.QUOTE_ALL))
attempt(lambda: csv.reader([], escapechar=','))
attempt(lambda: csv.reader([], quotechar=','))
attempt(lambda: csv.reader([], delimiter='\n'))
attempt(lambda: csv.reader([], dialect='nope'))
attempt(lambda: csv.reader([], foo=1))
attempt(lambda: csv.writer(5))
attempt(lambda: csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow(['a,b']))
attempt(lambda: csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow(['']))
attempt(lambda: csv.writer(io.StringIO()).writerow(5))
attempt(lambda: csv.writer(io.StringIO()).writerow(None))
attempt(lambda: csv.writer(io.StringIO()).writerows(5))
attempt(lambda: csv.writer(io.StringIO()).writerow())
attempt(lambda: csv.writer(io.StringIO(), delimiter=' ', skipinitialspace=True).writerow(['', 'a b']))
attempt(lambda: csv.get_dialect('nope'))
attempt(lambda: csv.unregister_dialect('nope'))
attempt(lambda: csv.register_dialect(1))
attempt(lambda: csv.field_size_limit('x'))
attempt(lambda: csv.get_dialect())
attempt(lambda: csv.DictReader())
attempt(lambda: csv.DictWriter(io.StringIO()))
attempt(lambda: csv.DictWriter(io.StringIO(), 5))
attempt(lambda: csv.DictWriter(io.StringIO(), ['a']).writerow([1]))
try:
    raise csv.Error('custom')
except csv.Error as e:
    print(type(e).__name__, e.args, isinstance(e, Exception), isinstance(e, ValueError))
print(csv.Error)
csv.reader(['x']).__class__
list(csv.reader(['a,"b']))
next(csv.reader(['"x'], strict=True))
