# expect: 3:8 unsupported No module named 'pandas' (not available in this sandbox)
import json
import pandas as pd

orders = list_orders("acme")
df = pd.DataFrame(orders)
print(df.groupby("status")["total"].sum())
