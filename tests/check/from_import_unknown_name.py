# expect: 2:22 attr-unknown cannot import name 'now' from 'datetime'
from datetime import now

print("report generated", now())
