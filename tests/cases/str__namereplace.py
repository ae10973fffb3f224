# the 'namereplace' encode error handler: \N{NAME}, else a backslash escape
print('héllo ⚡\x80\U000e0001'.encode('ascii', 'namereplace'))
print('a\uac00\u4e00'.encode('latin-1', 'namereplace'))
# expandtabs takes a C int
for bad in (2**31, 2**63, 10**30, -(2**31) - 1):
    try:
        '\thello'.expandtabs(bad)
    except OverflowError as e:
        print(e)
print(repr('\thello'.expandtabs(-1)))
