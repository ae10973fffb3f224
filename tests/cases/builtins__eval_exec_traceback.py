def run(code):
    exec(code, {'__name__': 'test'})


try:
    run('\n\nfrom . import missing')
except ImportError as e:
    print('ImportError:', e)
try:
    exec('def f():\n    raise ValueError("boom")\nf()')
except ValueError as e:
    print('ValueError:', e)
exec('x = 1\ny = = 2')
