import re

m = re.search(r"(\w+)@(\w+)", "mail: bob@host")
print(m.groups())
print(m.group(5))
