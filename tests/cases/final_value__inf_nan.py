vals = [float("inf"), -float("inf"), float("nan"), -0.0, 1e100]
vals
