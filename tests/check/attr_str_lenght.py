# expect: 3:4 attr-unknown 'str' object has no attribute 'lenght'
page = read_file("/data/page.html")
if page.lenght > 1000:
    print("long page")
