# expect: 2:8 unsupported No module named 'numpy' (not available in this sandbox)
import numpy as np

prices = [get_stock_price(s) for s in ["AAPL", "MSFT"]]
print(np.mean(prices))
