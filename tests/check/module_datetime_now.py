# expect: 5:9 attr-unknown module 'datetime' has no attribute 'now'
import datetime

orders = list_orders("acme")
stamp = datetime.now().strftime("%Y-%m-%d")
print(stamp, len(orders))
